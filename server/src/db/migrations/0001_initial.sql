CREATE TABLE "dream_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shared_dream_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"is_reported" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dream_likes" (
	"user_id" integer NOT NULL,
	"shared_dream_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dream_likes_user_id_shared_dream_id_pk" PRIMARY KEY("user_id","shared_dream_id")
);
--> statement-breakpoint
CREATE TABLE "dream_symbols" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"category" text NOT NULL,
	"meaning" text NOT NULL,
	"associations" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dreams" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"narrative" text NOT NULL,
	"date" timestamp with time zone DEFAULT now(),
	"time_period" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"intention_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', dt_tags_text(tags)), 'A') || setweight(to_tsvector('english', coalesce(narrative, '')), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "guided_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"content" text NOT NULL,
	"content_type" text NOT NULL,
	"difficulty" text NOT NULL,
	"duration" integer NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"dream_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interpretations" (
	"id" serial PRIMARY KEY NOT NULL,
	"dream_id" integer NOT NULL,
	"content" text NOT NULL,
	"provider" text DEFAULT 'local' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"shared_dream_id" integer,
	"comment_id" integer,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_dreams" (
	"id" serial PRIMARY KEY NOT NULL,
	"dream_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"interpretation" text,
	"is_reported" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"avatar_color" text DEFAULT '#1E88E5' NOT NULL,
	"avatar_element" text DEFAULT 'swirl' NOT NULL,
	"avatar_symbol" text DEFAULT 'none' NOT NULL,
	"hair_color" text DEFAULT '#FDD835' NOT NULL,
	"eye_color" text DEFAULT '#FFFFFF' NOT NULL,
	"use_default_avatar" boolean DEFAULT false NOT NULL,
	"profile_image_url" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dream_comments" ADD CONSTRAINT "dream_comments_shared_dream_id_shared_dreams_id_fk" FOREIGN KEY ("shared_dream_id") REFERENCES "public"."shared_dreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_comments" ADD CONSTRAINT "dream_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_likes" ADD CONSTRAINT "dream_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_likes" ADD CONSTRAINT "dream_likes_shared_dream_id_shared_dreams_id_fk" FOREIGN KEY ("shared_dream_id") REFERENCES "public"."shared_dreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dreams" ADD CONSTRAINT "dreams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dreams" ADD CONSTRAINT "dreams_intention_id_intentions_id_fk" FOREIGN KEY ("intention_id") REFERENCES "public"."intentions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intentions" ADD CONSTRAINT "intentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intentions" ADD CONSTRAINT "intentions_dream_id_dreams_id_fk" FOREIGN KEY ("dream_id") REFERENCES "public"."dreams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpretations" ADD CONSTRAINT "interpretations_dream_id_dreams_id_fk" FOREIGN KEY ("dream_id") REFERENCES "public"."dreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_shared_dream_id_shared_dreams_id_fk" FOREIGN KEY ("shared_dream_id") REFERENCES "public"."shared_dreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_comment_id_dream_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."dream_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_dreams" ADD CONSTRAINT "shared_dreams_dream_id_dreams_id_fk" FOREIGN KEY ("dream_id") REFERENCES "public"."dreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_dreams" ADD CONSTRAINT "shared_dreams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dream_comments_shared_idx" ON "dream_comments" USING btree ("shared_dream_id","created_at");--> statement-breakpoint
CREATE INDEX "dream_comments_user_idx" ON "dream_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dream_likes_shared_idx" ON "dream_likes" USING btree ("shared_dream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dream_symbols_symbol_lower_idx" ON "dream_symbols" USING btree (lower("symbol"));--> statement-breakpoint
CREATE INDEX "dream_symbols_created_idx" ON "dream_symbols" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dreams_user_recent_idx" ON "dreams" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dreams_user_date_idx" ON "dreams" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "dreams_search_idx" ON "dreams" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "dreams_intention_idx" ON "dreams" USING btree ("intention_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guided_content_title_idx" ON "guided_content" USING btree ("title");--> statement-breakpoint
CREATE INDEX "guided_content_type_idx" ON "guided_content" USING btree ("content_type");--> statement-breakpoint
CREATE INDEX "intentions_user_date_idx" ON "intentions" USING btree ("user_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interpretations_dream_idx" ON "interpretations" USING btree ("dream_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_dream_once_idx" ON "reports" USING btree ("reporter_id","shared_dream_id") WHERE "reports"."shared_dream_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_comment_once_idx" ON "reports" USING btree ("reporter_id","comment_id") WHERE "reports"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shared_dreams_feed_idx" ON "shared_dreams" USING btree ("is_hidden","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shared_dreams_user_idx" ON "shared_dreams" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "shared_dreams_dream_idx" ON "shared_dreams" USING btree ("dream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_single_super_admin_idx" ON "users" USING btree ("is_super_admin") WHERE "users"."is_super_admin";--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");