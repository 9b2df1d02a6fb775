-- App processes cache the community feed's pages and each reader's likes (features/social/feed-cache.ts).
-- Every change to shared dreams, likes and comments is announced on commit, whoever made it (an app
-- process, the CLI, a manual SQL session, a cascade from a deleted user or dream), and every process
-- evicts what it names:
--   'share:<userId>'                 a shared dream of the user was added, changed or removed (every page);
--   'like:<sharedDreamId>:<userId>'  the user's like of that dream was added or removed;
--   'comment:<sharedDreamId>:<userId>' the user's comment on that dream was added, changed or removed.
-- PostgreSQL folds identical announcements within a transaction into one.
CREATE OR REPLACE FUNCTION dt_notify_shared_dreams_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('dt_social_changed', 'share:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('dt_social_changed', 'share:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Likes and comments: the kind comes from the table the trigger is on.
CREATE OR REPLACE FUNCTION dt_notify_social_reaction_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'dream_likes' THEN 'like:' ELSE 'comment:' END;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('dt_social_changed', kind || OLD.shared_dream_id || ':' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('dt_social_changed', kind || NEW.shared_dream_id || ':' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shared_dreams_changed_notify AFTER INSERT OR UPDATE OR DELETE ON shared_dreams FOR EACH ROW EXECUTE FUNCTION dt_notify_shared_dreams_changed();
--> statement-breakpoint
CREATE TRIGGER dream_likes_changed_notify AFTER INSERT OR UPDATE OR DELETE ON dream_likes FOR EACH ROW EXECUTE FUNCTION dt_notify_social_reaction_changed();
--> statement-breakpoint
CREATE TRIGGER dream_comments_changed_notify AFTER INSERT OR UPDATE OR DELETE ON dream_comments FOR EACH ROW EXECUTE FUNCTION dt_notify_social_reaction_changed();
