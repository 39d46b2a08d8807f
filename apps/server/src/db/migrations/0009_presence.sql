-- Presence (issue 19): when a user's last socket closed, and whether they share their presence at all.
ALTER TABLE "users" ADD COLUMN "show_presence" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;