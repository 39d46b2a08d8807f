CREATE TABLE "saved_search_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"search_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"pending_email" boolean DEFAULT false NOT NULL,
	CONSTRAINT "saved_search_matches_search_id_post_id_pk" PRIMARY KEY("search_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_slots" (
	"property_type" text NOT NULL,
	"city_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"search_id" integer NOT NULL,
	CONSTRAINT "saved_search_slots_property_type_city_id_purpose_search_id_pk" PRIMARY KEY("property_type","city_id","purpose","search_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"keyword" text,
	"ts_query" text,
	"property_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"city_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"purpose" text,
	"currency" text,
	"price_min" numeric(15, 2),
	"price_max" numeric(15, 2),
	"area_min" numeric(12, 2),
	"area_max" numeric(12, 2),
	"frequency" text DEFAULT 'instant' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_purpose_check" CHECK ("saved_searches"."purpose" in ('sale', 'rent', 'wanted')),
	CONSTRAINT "saved_searches_currency_check" CHECK ("saved_searches"."currency" in ('SAR', 'AED', 'QAR', 'KWD', 'BHD', 'OMR', 'EGP', 'JOD', 'USD')),
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily')),
	CONSTRAINT "saved_searches_property_types_check" CHECK ("saved_searches"."property_types" <@ array['office', 'retail', 'restaurant', 'warehouse', 'industrial', 'medical', 'hotels', 'coworking', 'land', 'others']::text[])
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "saved_search_digests" ADD CONSTRAINT "saved_search_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_slots" ADD CONSTRAINT "saved_search_slots_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_new_idx" ON "saved_search_matches" USING btree ("search_id","matched_at");--> statement-breakpoint
CREATE INDEX "saved_search_matches_post_idx" ON "saved_search_matches" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_idx" ON "saved_search_matches" USING btree ("matched_at") WHERE "saved_search_matches"."pending_email";--> statement-breakpoint
CREATE INDEX "saved_search_slots_search_idx" ON "saved_search_slots" USING btree ("search_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notification_events_match_idx" ON "notification_events" USING btree ("post_id") WHERE "notification_events"."kind" = 'match' and "notification_events"."claimed_until" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('like', 'comment', 'reply', 'follow', 'message', 'moderation', 'mention', 'listing', 'post', 'search'));--> statement-breakpoint
-- A listing written or changed in what a saved search looks at is matched against the saved searches
-- (issue 23) by the notification workers, queued in the same transaction as the write. One waiting
-- event per listing is enough: a second change before the workers came adds nothing.
CREATE FUNCTION "notification_event_match"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM notification_events
      WHERE kind = 'match' AND post_id = NEW.id AND claimed_until IS NULL) THEN
    INSERT INTO notification_events (kind, actor_id, post_id, run_at, created_at)
    VALUES ('match', NEW.user_id, NEW.id, now(), now());
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_match_insert" AFTER INSERT ON "posts" FOR EACH ROW EXECUTE FUNCTION "notification_event_match"();--> statement-breakpoint
CREATE TRIGGER "posts_match_update" AFTER UPDATE OF "property_type", "city_id", "purpose", "price", "currency", "area_m2", "status", "search_text" ON "posts" FOR EACH ROW
  WHEN (OLD.property_type IS DISTINCT FROM NEW.property_type OR OLD.city_id IS DISTINCT FROM NEW.city_id
    OR OLD.purpose IS DISTINCT FROM NEW.purpose OR OLD.price IS DISTINCT FROM NEW.price
    OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.area_m2 IS DISTINCT FROM NEW.area_m2
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION "notification_event_match"();
