-- Notifications (issue 22): a new listing is queued for its author's followers in the same
-- transaction as the listing itself; the workers fan it out in chunks (notification_events).
CREATE FUNCTION "notification_event_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (kind, actor_id, post_id, run_at, created_at)
  VALUES ('post', NEW.user_id, NEW.id, now(), now());
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_notify" AFTER INSERT ON "posts" FOR EACH ROW EXECUTE FUNCTION "notification_event_post"();
