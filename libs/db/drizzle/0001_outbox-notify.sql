-- Wakes the outbox relay: one NOTIFY 'outbox_<schema>' per inserting statement (payload empty;
-- the relay reads unpublished rows itself). Notifications are sent on commit, deduplicated per transaction.
CREATE OR REPLACE FUNCTION "auth"."outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_auth', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_notify" AFTER INSERT ON "auth"."outbox" FOR EACH STATEMENT EXECUTE FUNCTION "auth"."outbox_notify"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journey"."outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_journey', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_notify" AFTER INSERT ON "journey"."outbox" FOR EACH STATEMENT EXECUTE FUNCTION "journey"."outbox_notify"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invitation"."outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_invitation', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_notify" AFTER INSERT ON "invitation"."outbox" FOR EACH STATEMENT EXECUTE FUNCTION "invitation"."outbox_notify"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "branding"."outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_branding', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_notify" AFTER INSERT ON "branding"."outbox" FOR EACH STATEMENT EXECUTE FUNCTION "branding"."outbox_notify"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics"."outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_analytics', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_notify" AFTER INSERT ON "analytics"."outbox" FOR EACH STATEMENT EXECUTE FUNCTION "analytics"."outbox_notify"();
