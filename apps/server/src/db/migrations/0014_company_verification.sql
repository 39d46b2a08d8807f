CREATE TABLE "company_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"registration_number" text NOT NULL,
	"document_key" text NOT NULL,
	"document_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "company_verifications_status_check" CHECK ("company_verifications"."status" in ('pending', 'approved', 'refused')),
	CONSTRAINT "company_verifications_document_type_check" CHECK ("company_verifications"."document_type" in ('pdf', 'jpeg', 'png', 'webp'))
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_verifications" ADD CONSTRAINT "company_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_verifications_one_pending" ON "company_verifications" USING btree ("user_id") WHERE "company_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "company_verifications_user_idx" ON "company_verifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "company_verifications_pending_idx" ON "company_verifications" USING btree ("created_at") WHERE "company_verifications"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('dismiss', 'remove', 'warn', 'suspend', 'restore', 'grant_moderator', 'revoke_moderator', 'grant_admin', 'approve_verification', 'refuse_verification'));