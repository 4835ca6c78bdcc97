CREATE TABLE "branding"."logos" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by_agent_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logos_content_type_check" CHECK ("branding"."logos"."content_type" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
	CONSTRAINT "logos_size_check" CHECK ("branding"."logos"."size" > 0 and "branding"."logos"."size" <= 5242880)
);
--> statement-breakpoint
CREATE INDEX "logos_uploaded_by_agent_id_idx" ON "branding"."logos" USING btree ("uploaded_by_agent_id");