ALTER TABLE "auth"."outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "auth"."outbox" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "journey"."outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "journey"."outbox" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "invitation"."outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "invitation"."outbox" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "branding"."outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "branding"."outbox" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "analytics"."outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "analytics"."outbox" DROP COLUMN "last_error";