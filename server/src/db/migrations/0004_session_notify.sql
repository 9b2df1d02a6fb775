-- App processes cache session lookups in memory. Any change that could make a cached answer stale
-- (a session deleted, a user changed or deleted) is announced on commit, by whoever made it (an app
-- process, the CLI or a manual SQL session), and every process evicts what it holds.
CREATE OR REPLACE FUNCTION dt_notify_session_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dt_auth_changed', 'sid:' || OLD.sid);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dt_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dt_auth_changed', 'user:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION dt_notify_session_deleted();
--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION dt_notify_user_changed();
