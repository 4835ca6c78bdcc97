-- When services/auth last saw a session in use (Edit Profile's "Where you're signed in": last
-- active, and a session idle past the 7-day limit left off the list). Sessions from before have
-- none: not known, so they are listed as before, without a last-active day.
ALTER TABLE "auth"."sessions" ADD COLUMN "last_seen_at" timestamp with time zone;