-- When a dream's content last changed: a reading older than this was written about an earlier text.
-- A new dream starts with its creation time (an imported dream keeps its own); an update moves it
-- only when something the reading is about changes, so touching a row without changing it does not.
ALTER TABLE "dreams" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "dreams" SET "updated_at" = "created_at";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dt_dreams_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.updated_at := NEW.created_at;
  ELSIF (NEW.title, NEW.narrative, NEW.date, NEW.time_period, NEW.tags, NEW.intention_id)
        IS DISTINCT FROM (OLD.title, OLD.narrative, OLD.date, OLD.time_period, OLD.tags, OLD.intention_id) THEN
    NEW.updated_at := now();
  ELSE
    NEW.updated_at := OLD.updated_at;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER dreams_touch BEFORE INSERT OR UPDATE ON dreams FOR EACH ROW EXECUTE FUNCTION dt_dreams_touch();
--> statement-breakpoint
-- An intention's outcome: pending until the dreamer says it worked (success) or did not (failed).
-- The old completed flag becomes a read-only view of it, so earlier readers keep working.
ALTER TABLE "intentions" ADD COLUMN "outcome" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "intentions" ADD CONSTRAINT "intentions_outcome_check" CHECK ("outcome" IN ('pending', 'success', 'failed'));
--> statement-breakpoint
UPDATE "intentions" SET "outcome" = 'success' WHERE "completed";
--> statement-breakpoint
ALTER TABLE "intentions" DROP COLUMN "completed";
--> statement-breakpoint
ALTER TABLE "intentions" ADD COLUMN "completed" boolean GENERATED ALWAYS AS ("outcome" = 'success') STORED NOT NULL;
