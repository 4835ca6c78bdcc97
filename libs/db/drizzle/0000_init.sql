CREATE SCHEMA "auth";
--> statement-breakpoint
CREATE SCHEMA "journey";
--> statement-breakpoint
CREATE SCHEMA "invitation";
--> statement-breakpoint
CREATE SCHEMA "branding";
--> statement-breakpoint
CREATE SCHEMA "analytics";
--> statement-breakpoint
CREATE TABLE "auth"."agents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"company_name" text,
	"phone" text,
	"license_number" text,
	"subscription_type" text DEFAULT 'trial' NOT NULL,
	"subscription_status" text DEFAULT 'trial' NOT NULL,
	"billing_cycle_start" timestamp with time zone,
	"billing_cycle_end" timestamp with time zone,
	"stripe_customer_id" text,
	"invite_limit" integer DEFAULT 5 NOT NULL,
	"invites_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "agents_subscription_type_check" CHECK ("auth"."agents"."subscription_type" in ('trial', 'monthly', 'annual')),
	CONSTRAINT "agents_subscription_status_check" CHECK ("auth"."agents"."subscription_status" in ('active', 'pending', 'cancelled', 'trial'))
);
--> statement-breakpoint
CREATE TABLE "auth"."dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"consumer" text NOT NULL,
	"topic" text NOT NULL,
	"event_id" text,
	"payload" text NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "auth"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "auth"."password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth"."sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "auth"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"profile_image_url" text,
	"phone" text,
	"role" text DEFAULT 'client' NOT NULL,
	"preferred_contact" text DEFAULT 'email' NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"notification_preferences" jsonb DEFAULT '{"email":true,"push":true,"sms":false,"calendar":true}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("auth"."users"."role" in ('agent', 'client')),
	CONSTRAINT "users_preferred_contact_check" CHECK ("auth"."users"."preferred_contact" in ('email', 'phone', 'text'))
);
--> statement-breakpoint
CREATE TABLE "journey"."calendar_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"task_id" text,
	"custom_task_id" text,
	"title" text NOT NULL,
	"description" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"reminder_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey"."client_progress" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"stage_id" text NOT NULL,
	"status" text DEFAULT 'locked' NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_progress_client_id_stage_id_unique" UNIQUE("client_id","stage_id"),
	CONSTRAINT "client_progress_status_check" CHECK ("journey"."client_progress"."status" in ('locked', 'available', 'in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "journey"."client_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"task_id" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"assigned_to" text,
	"due_date" date,
	"completed_at" timestamp with time zone,
	"notes" text,
	"priority" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_tasks_client_id_task_id_unique" UNIQUE("client_id","task_id"),
	CONSTRAINT "client_tasks_status_check" CHECK ("journey"."client_tasks"."status" in ('not_started', 'in_progress', 'completed', 'skipped')),
	CONSTRAINT "client_tasks_priority_check" CHECK ("journey"."client_tasks"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "client_tasks_notes_length_check" CHECK (char_length("journey"."client_tasks"."notes") <= 500)
);
--> statement-breakpoint
CREATE TABLE "journey"."clients" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" text,
	"property_id" text,
	"phone" text,
	"preferred_contact" text DEFAULT 'email' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "clients_preferred_contact_check" CHECK ("journey"."clients"."preferred_contact" in ('email', 'phone', 'text'))
);
--> statement-breakpoint
CREATE TABLE "journey"."custom_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"stage_id" text,
	"title" text NOT NULL,
	"description" text,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_date" date,
	"assigned_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_tasks_priority_check" CHECK ("journey"."custom_tasks"."priority" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
CREATE TABLE "journey"."dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"consumer" text NOT NULL,
	"topic" text NOT NULL,
	"event_id" text,
	"payload" text NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "journey"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "journey"."journey_stages" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"icon" text,
	"order_index" integer NOT NULL,
	"points_value" integer DEFAULT 100 NOT NULL,
	"estimated_days" integer,
	"excluded_from_progress" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_stages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "journey"."properties" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"property_type" text NOT NULL,
	"bedrooms" integer,
	"bathrooms" integer,
	"square_footage" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey"."tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"stage_id" text NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text,
	"estimated_hours" numeric(5, 1) DEFAULT 1 NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"is_optional" boolean DEFAULT false NOT NULL,
	"order_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_slug_unique" UNIQUE("slug"),
	CONSTRAINT "tasks_kind_check" CHECK ("journey"."tasks"."kind" in ('predefined', 'checklist', 'standard')),
	CONSTRAINT "tasks_category_check" CHECK ("journey"."tasks"."category" in ('repair', 'cleaning', 'organizing', 'staging', 'maintenance', 'inspection')),
	CONSTRAINT "tasks_priority_check" CHECK ("journey"."tasks"."priority" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
CREATE TABLE "journey"."user_group_memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "user_group_memberships_group_id_user_id_unique" UNIQUE("group_id","user_id"),
	CONSTRAINT "user_group_memberships_role_check" CHECK ("journey"."user_group_memberships"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "journey"."user_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"owner_id" text NOT NULL,
	"invite_code" text NOT NULL,
	"max_members" integer DEFAULT 10 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_groups_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "user_groups_invite_code_length_check" CHECK (char_length("journey"."user_groups"."invite_code") = 8)
);
--> statement-breakpoint
CREATE TABLE "invitation"."dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"consumer" text NOT NULL,
	"topic" text NOT NULL,
	"event_id" text,
	"payload" text NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "invitation"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "invitation"."invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"inviter_user_id" text NOT NULL,
	"invitee_email" text NOT NULL,
	"invitee_name" text NOT NULL,
	"invitee_phone" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"sms_sent" boolean DEFAULT false NOT NULL,
	"accepted_at" timestamp with time zone,
	"expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_type_check" CHECK ("invitation"."invitations"."type" in ('agent-to-client', 'client-to-agent')),
	CONSTRAINT "invitations_status_check" CHECK ("invitation"."invitations"."status" in ('pending', 'accepted', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "branding"."branding_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"brokerage_logo" text,
	"agent_logo" text,
	"primary_color" text DEFAULT '#2563EB' NOT NULL,
	"secondary_color" text DEFAULT '#10B981' NOT NULL,
	"accent_color" text DEFAULT '#F59E0B' NOT NULL,
	"background_color" text DEFAULT '#000000' NOT NULL,
	"header_background_color" text DEFAULT '#000000' NOT NULL,
	"navigation_background_color" text DEFAULT '#000000' NOT NULL,
	"company_name" text NOT NULL,
	"agent_name" text,
	"custom_domain" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_configs_agent_id_unique" UNIQUE("agent_id")
);
--> statement-breakpoint
CREATE TABLE "branding"."dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"consumer" text NOT NULL,
	"topic" text NOT NULL,
	"event_id" text,
	"payload" text NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branding"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "branding"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "analytics"."dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"consumer" text NOT NULL,
	"topic" text NOT NULL,
	"event_id" text,
	"payload" text NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics"."analytics_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"session_id" text NOT NULL,
	"event" text NOT NULL,
	"properties" jsonb NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "analytics"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "analytics"."analytics_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"page_views" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."calendar_events" ADD CONSTRAINT "calendar_events_task_id_client_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "journey"."client_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."calendar_events" ADD CONSTRAINT "calendar_events_custom_task_id_custom_tasks_id_fk" FOREIGN KEY ("custom_task_id") REFERENCES "journey"."custom_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."client_progress" ADD CONSTRAINT "client_progress_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "journey"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."client_progress" ADD CONSTRAINT "client_progress_stage_id_journey_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "journey"."journey_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."client_tasks" ADD CONSTRAINT "client_tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "journey"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."client_tasks" ADD CONSTRAINT "client_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "journey"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."clients" ADD CONSTRAINT "clients_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "journey"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."custom_tasks" ADD CONSTRAINT "custom_tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "journey"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."custom_tasks" ADD CONSTRAINT "custom_tasks_stage_id_journey_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "journey"."journey_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."tasks" ADD CONSTRAINT "tasks_stage_id_journey_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "journey"."journey_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey"."user_group_memberships" ADD CONSTRAINT "user_group_memberships_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "journey"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "auth"."outbox" USING btree ("seq") WHERE "auth"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "auth"."password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "auth"."sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "auth"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "auth"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "calendar_events_user_id_start_time_idx" ON "journey"."calendar_events" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "calendar_events_task_id_idx" ON "journey"."calendar_events" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "calendar_events_custom_task_id_idx" ON "journey"."calendar_events" USING btree ("custom_task_id");--> statement-breakpoint
CREATE INDEX "client_progress_stage_id_idx" ON "journey"."client_progress" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "client_tasks_task_id_idx" ON "journey"."client_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "clients_agent_id_idx" ON "journey"."clients" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "clients_property_id_idx" ON "journey"."clients" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "custom_tasks_client_id_idx" ON "journey"."custom_tasks" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "custom_tasks_stage_id_idx" ON "journey"."custom_tasks" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "journey"."outbox" USING btree ("seq") WHERE "journey"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "journey_stages_order_index_idx" ON "journey"."journey_stages" USING btree ("order_index");--> statement-breakpoint
CREATE INDEX "properties_agent_id_idx" ON "journey"."properties" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "tasks_stage_id_order_index_idx" ON "journey"."tasks" USING btree ("stage_id","order_index");--> statement-breakpoint
CREATE INDEX "user_group_memberships_user_id_idx" ON "journey"."user_group_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_groups_owner_id_idx" ON "journey"."user_groups" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "invitation"."outbox" USING btree ("seq") WHERE "invitation"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "invitations_inviter_user_id_idx" ON "invitation"."invitations" USING btree ("inviter_user_id");--> statement-breakpoint
CREATE INDEX "invitations_invitee_email_lower_idx" ON "invitation"."invitations" USING btree (lower("invitee_email"));--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "branding"."outbox" USING btree ("seq") WHERE "branding"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "analytics_events_timestamp_idx" ON "analytics"."analytics_events" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "analytics_events_event_timestamp_idx" ON "analytics"."analytics_events" USING btree ("event","timestamp");--> statement-breakpoint
CREATE INDEX "analytics_events_user_id_timestamp_idx" ON "analytics"."analytics_events" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "analytics_events_session_id_idx" ON "analytics"."analytics_events" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "analytics"."outbox" USING btree ("seq") WHERE "analytics"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "analytics_sessions_user_id_idx" ON "analytics"."analytics_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_sessions_start_time_idx" ON "analytics"."analytics_sessions" USING btree ("start_time");