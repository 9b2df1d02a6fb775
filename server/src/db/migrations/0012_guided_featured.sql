-- The guided library's Featured section: items marked featured in their content file.
ALTER TABLE "guided_content" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- App processes cache the guided library's answers; a change to guided_content (the seed at start,
-- `npm run db:seed` in another process, a manual edit) is announced on commit and every process drops them.
CREATE OR REPLACE FUNCTION dt_notify_guided_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dt_guided_changed', 'guided');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER guided_content_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guided_content FOR EACH STATEMENT EXECUTE FUNCTION dt_notify_guided_changed();
