CREATE TABLE "journey"."deleted_custom_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journey"."deleted_custom_tasks" ADD CONSTRAINT "deleted_custom_tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "journey"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_custom_tasks_client_id_idx" ON "journey"."deleted_custom_tasks" USING btree ("client_id");