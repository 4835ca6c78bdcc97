ALTER TABLE "journey"."client_tasks" ADD COLUMN "completed_by" text;--> statement-breakpoint
ALTER TABLE "journey"."client_tasks" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "journey"."custom_tasks" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "journey"."custom_tasks" ADD COLUMN "completed_by" text;--> statement-breakpoint
ALTER TABLE "journey"."custom_tasks" ADD COLUMN "updated_by" text;