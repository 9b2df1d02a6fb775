-- App processes cache each user's newest dreams (Home, Journal). Every insert, update and delete on
-- dreams is announced on commit with the owner's id, whoever made it, and every process evicts that
-- user's list. PostgreSQL folds identical announcements within a transaction into one, so a bulk
-- import sends one.
CREATE OR REPLACE FUNCTION dt_notify_dreams_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('dt_dreams_changed', 'dreams:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('dt_dreams_changed', 'dreams:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dreams_changed_notify AFTER INSERT OR UPDATE OR DELETE ON dreams FOR EACH ROW EXECUTE FUNCTION dt_notify_dreams_changed();
