-- Enumerated columns accept only the values the contract lists (NULL still passes where a column is nullable).
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_code_check" CHECK ("cities"."country_code" in ('SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'EG', 'JO'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_type_check" CHECK ("messages"."type" in ('text', 'image', 'file', 'system'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_system_event_check" CHECK ("messages"."system_event" in ('left', 'rejoined'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_property_type_check" CHECK ("posts"."property_type" in ('office', 'retail', 'restaurant', 'warehouse', 'industrial', 'medical', 'hotels', 'coworking', 'land', 'others'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_purpose_check" CHECK ("posts"."purpose" in ('sale', 'rent', 'wanted'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_currency_check" CHECK ("posts"."currency" in ('SAR', 'AED', 'QAR', 'KWD', 'BHD', 'OMR', 'EGP', 'JOD', 'USD'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('available', 'under_offer', 'closed'));--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_purpose_check" CHECK ("user_preferences"."purpose" in ('buy', 'rent', 'list'));--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_property_types_check" CHECK ("user_preferences"."property_types" <@ array['office', 'retail', 'restaurant', 'warehouse', 'industrial', 'medical', 'hotels', 'coworking', 'land', 'others']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('retail', 'developer'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verification_method_check" CHECK ("users"."verification_method" in ('email', 'phone', 'both'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'ar'));