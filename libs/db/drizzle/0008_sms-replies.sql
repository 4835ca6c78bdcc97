CREATE TABLE "journey"."sms_replies" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"reminder_id" text,
	"answer" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
