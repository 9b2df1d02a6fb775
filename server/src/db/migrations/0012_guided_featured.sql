-- The guided library's Featured section: items marked featured in their content file.
ALTER TABLE "guided_content" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;
