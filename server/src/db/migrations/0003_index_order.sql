DROP INDEX "dream_symbols_created_idx";--> statement-breakpoint
DROP INDEX "dreams_user_recent_idx";--> statement-breakpoint
DROP INDEX "intentions_user_date_idx";--> statement-breakpoint
DROP INDEX "interpretations_dream_idx";--> statement-breakpoint
DROP INDEX "shared_dreams_feed_idx";--> statement-breakpoint
DROP INDEX "shared_dreams_user_idx";--> statement-breakpoint
CREATE INDEX "dream_symbols_created_idx" ON "dream_symbols" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "dreams_user_recent_idx" ON "dreams" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "intentions_user_date_idx" ON "intentions" USING btree ("user_id","date","id");--> statement-breakpoint
CREATE INDEX "interpretations_dream_idx" ON "interpretations" USING btree ("dream_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shared_dreams_feed_idx" ON "shared_dreams" USING btree ("is_hidden","created_at","id");--> statement-breakpoint
CREATE INDEX "shared_dreams_user_idx" ON "shared_dreams" USING btree ("user_id","created_at");