CREATE TABLE "dream_analyses" (
	"dream_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"engine_version" text NOT NULL,
	"analysis" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dream_symbols" ADD COLUMN "last_interpreted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dream_analyses" ADD CONSTRAINT "dream_analyses_dream_id_dreams_id_fk" FOREIGN KEY ("dream_id") REFERENCES "public"."dreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_analyses" ADD CONSTRAINT "dream_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dream_analyses_user_idx" ON "dream_analyses" USING btree ("user_id");