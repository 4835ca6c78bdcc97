-- An invitation's text goes to its number in E.164, the only form Twilio's Messages API takes; the
-- form has sent it so since 7 Dec 2026. Invitations stored before keep the number as it was typed:
-- those typed with their country code ("+1 (212) 555-0142") are written as E.164 here, as toE164
-- (libs/contracts/src/phone.ts) reads them, so a resend texts them. A national number has no
-- country to add and stays as it is.
UPDATE "invitation"."invitations"
SET "invitee_phone" = regexp_replace("invitee_phone", '[[:space:]().-]', '', 'g'), "updated_at" = now()
WHERE regexp_replace("invitee_phone", '[[:space:]().-]', '', 'g') ~ '^\+[1-9][0-9]{7,14}$'
  AND "invitee_phone" <> regexp_replace("invitee_phone", '[[:space:]().-]', '', 'g');
