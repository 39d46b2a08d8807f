-- Mentions and bookmarked listings (issue 22), queued by the database like likes and comments
-- (migration 0018): in the same transaction as what they tell of.
-- A mention row is written only for someone newly named (unique per post or comment and person):
-- an edit that keeps a name inserts nothing, so nothing is told twice. The actor is the author of
-- the comment, or of the listing for a mention in its description.
CREATE FUNCTION "notification_event_mention"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (kind, actor_id, recipient_id, post_id, comment_id, run_at, created_at)
  VALUES (
    'mention',
    CASE WHEN NEW.comment_id IS NULL THEN (SELECT user_id FROM posts WHERE id = NEW.post_id)
      ELSE (SELECT user_id FROM comments WHERE id = NEW.comment_id) END,
    NEW.user_id, NEW.post_id, NEW.comment_id, now(), now());
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "mentions_notify" AFTER INSERT ON "mentions" FOR EACH ROW EXECUTE FUNCTION "notification_event_mention"();--> statement-breakpoint
-- A listing's price or status changed: one event per field that changed (a price and a status
-- changed at once are two events; both join the same notification, the later one's change shown).
-- The price is sent as text (numeric, exact) with the currency it is in after the change.
CREATE FUNCTION "notification_event_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price IS DISTINCT FROM OLD.price THEN
    INSERT INTO notification_events (kind, actor_id, post_id, payload, run_at, created_at)
    VALUES ('listing', NEW.user_id, NEW.id, jsonb_build_object('change', jsonb_build_object(
      'field', 'price', 'from', OLD.price::text, 'to', NEW.price::text, 'currency', NEW.currency)), now(), now());
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO notification_events (kind, actor_id, post_id, payload, run_at, created_at)
    VALUES ('listing', NEW.user_id, NEW.id, jsonb_build_object('change', jsonb_build_object(
      'field', 'status', 'from', OLD.status, 'to', NEW.status, 'currency', NULL)), now(), now());
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_listing_notify" AFTER UPDATE OF "price", "status" ON "posts" FOR EACH ROW
  WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "notification_event_listing"();
