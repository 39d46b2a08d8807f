-- The companies directory matches bios and the cities an account chose, as well as names.
CREATE INDEX "user_preferences_locations_idx" ON "user_preferences" USING gin ("preferred_locations");--> statement-breakpoint
CREATE INDEX "users_bio_trgm_idx" ON "users" USING gin (lower("bio") gin_trgm_ops);