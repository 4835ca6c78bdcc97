CREATE SCHEMA "dev";
--> statement-breakpoint
CREATE TABLE "dev"."mailbox" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_channel_check" CHECK ("dev"."mailbox"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE INDEX "mailbox_recipient_idx" ON "dev"."mailbox" USING btree (lower("recipient"),"created_at" DESC NULLS LAST);