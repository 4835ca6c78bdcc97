-- A person's own reminder time for a task is one calendar_events row (journey's task-reminders.ts).
-- Two saves at the same moment could each delete nothing and insert one, leaving two; keep the
-- newest of each person's rows for a task, then let the database hold it to one.
DELETE FROM "journey"."calendar_events" AS older
USING "journey"."calendar_events" AS newer
WHERE older."user_id" = newer."user_id"
  AND (older."task_id" = newer."task_id" OR older."custom_task_id" = newer."custom_task_id")
  AND (older."created_at", older."id") < (newer."created_at", newer."id");--> statement-breakpoint
ALTER TABLE "journey"."calendar_events" ADD CONSTRAINT "calendar_events_user_id_task_id_unique" UNIQUE("user_id","task_id");--> statement-breakpoint
ALTER TABLE "journey"."calendar_events" ADD CONSTRAINT "calendar_events_user_id_custom_task_id_unique" UNIQUE("user_id","custom_task_id");