-- The journal is read in the order dreams were dreamt: by the dream's date, then by when it was
-- written down. A dream recorded with only a time of life (a time period, no exact date) carries
-- the day it was written in "date", which is not when it was dreamt, so it sorts by its recording
-- time. One stored column holds that key so a btree can serve every list newest first.
ALTER TABLE "dreams" ADD COLUMN "sort_at" timestamp with time zone GENERATED ALWAYS AS (CASE WHEN "time_period" IS NULL THEN coalesce("date", "created_at") ELSE "created_at" END) STORED NOT NULL;--> statement-breakpoint
DROP INDEX "dreams_user_recent_idx";--> statement-breakpoint
CREATE INDEX "dreams_user_sort_idx" ON "dreams" USING btree ("user_id","sort_at","created_at","id");
