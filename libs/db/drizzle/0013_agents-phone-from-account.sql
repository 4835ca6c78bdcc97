-- An agent's phone is the account's one number (the reminders card changes it): the agent account's
-- copy, which their clients' banner calls, was written at sign-up only. Bring the copies changed
-- since back in line; the auth service now changes both together.
UPDATE "auth"."agents" AS "agents"
SET "phone" = "users"."phone", "updated_at" = now()
FROM "auth"."users" AS "users"
WHERE "agents"."user_id" = "users"."id" AND "agents"."phone" IS DISTINCT FROM "users"."phone";
