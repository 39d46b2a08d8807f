ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reason_check";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "licence_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_signal" ON "reports" USING btree ("target_type","target_id","reason") WHERE "reports"."reporter_id" is null and "reports"."status" = 'open';--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('dismiss', 'remove', 'warn', 'suspend', 'restore', 'grant_moderator', 'revoke_moderator', 'grant_admin', 'approve_verification', 'refuse_verification', 'check_licence', 'uncheck_licence'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('fraud', 'misleading', 'wrong_details', 'unavailable', 'duplicate', 'harassment', 'spam', 'offensive', 'other', 'new_account_burst', 'duplicate_photo'));