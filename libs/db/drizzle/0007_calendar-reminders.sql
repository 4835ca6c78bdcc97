CREATE TABLE "journey"."calendar_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "journey"."reminder_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"task_source" text NOT NULL,
	"task_id" text NOT NULL,
	"due_date" date NOT NULL,
	"channel" text NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_deliveries_once_unique" UNIQUE("user_id","task_source","task_id","due_date","channel"),
	CONSTRAINT "reminder_deliveries_task_source_check" CHECK ("journey"."reminder_deliveries"."task_source" in ('journey', 'custom')),
	CONSTRAINT "reminder_deliveries_channel_check" CHECK ("journey"."reminder_deliveries"."channel" in ('email', 'sms')),
	CONSTRAINT "reminder_deliveries_status_check" CHECK ("journey"."reminder_deliveries"."status" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "reminder_deliveries_pending_idx" ON "journey"."reminder_deliveries" USING btree ("next_attempt_at") WHERE "journey"."reminder_deliveries"."status" = 'pending';