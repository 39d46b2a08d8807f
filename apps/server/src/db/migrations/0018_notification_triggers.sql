-- Notifications (issue 22): what may notify is queued by the database in the same transaction as the
-- like, comment or follow itself (an outbox): committed together, or not at all, so a process killed
-- between the two cannot lose a notification. The workers process the queue (notification_events).
CREATE FUNCTION "notification_event_like"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_events (kind, actor_id, post_id, run_at, created_at)
    VALUES ('like', NEW.user_id, NEW.post_id, now(), now());
  ELSE
    INSERT INTO notification_events (kind, actor_id, post_id, run_at, created_at)
    VALUES ('unlike', OLD.user_id, OLD.post_id, now(), now());
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "post_likes_notify" AFTER INSERT OR DELETE ON "post_likes" FOR EACH ROW EXECUTE FUNCTION "notification_event_like"();--> statement-breakpoint
CREATE FUNCTION "notification_event_comment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (kind, actor_id, comment_id, run_at, created_at)
  VALUES (CASE WHEN NEW.parent_id IS NULL THEN 'comment' ELSE 'reply' END, NEW.user_id, NEW.id, now(), now());
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "comments_notify" AFTER INSERT ON "comments" FOR EACH ROW EXECUTE FUNCTION "notification_event_comment"();--> statement-breakpoint
CREATE FUNCTION "notification_event_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_events (kind, actor_id, recipient_id, run_at, created_at)
    VALUES ('follow', NEW.follower_id, NEW.followee_id, now(), now());
  ELSE
    INSERT INTO notification_events (kind, actor_id, recipient_id, run_at, created_at)
    VALUES ('unfollow', OLD.follower_id, OLD.followee_id, now(), now());
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "follows_notify" AFTER INSERT OR DELETE ON "follows" FOR EACH ROW EXECUTE FUNCTION "notification_event_follow"();
