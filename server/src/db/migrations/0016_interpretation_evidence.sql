-- Each reading keeps its "Why this reading" evidence (features/interpretations): where every paragraph
-- came from, the tone arc, what it left out, and the narrative it read (the offsets point into it).
-- Written with the reading, never recomputed; readings from before this migration hold NULL and show
-- none.
ALTER TABLE "interpretations" ADD COLUMN "evidence" jsonb;
