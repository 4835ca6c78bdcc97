DROP INDEX "analytics"."analytics_sessions_user_id_idx";--> statement-breakpoint
ALTER TABLE "analytics"."analytics_sessions" ADD COLUMN "last_event_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_events_user_id_event_idx" ON "analytics"."analytics_events" USING btree ("user_id","event");--> statement-breakpoint
CREATE INDEX "analytics_sessions_user_id_last_event_at_idx" ON "analytics"."analytics_sessions" USING btree ("user_id","last_event_at");