-- The insights figures (intentions set, intention success) are cached per user in each app process
-- with the dreams-based ones (features/analytics/cache.ts). Every insert, update and delete on
-- intentions is announced on the dreams channel as 'intentions:<userId>', whoever made it, so every
-- process forgets that user's figures; the recent-dreams cache ignores these announcements.
CREATE OR REPLACE FUNCTION dt_notify_intentions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('dt_dreams_changed', 'intentions:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('dt_dreams_changed', 'intentions:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER intentions_changed_notify AFTER INSERT OR UPDATE OR DELETE ON intentions FOR EACH ROW EXECUTE FUNCTION dt_notify_intentions_changed();
