-- A dreamer's own meanings for symbols ("to me, water means…"), private to them (features/lexicon).
CREATE TABLE "personal_symbols" (
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"meaning" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_symbols_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "personal_symbols" ADD CONSTRAINT "personal_symbols_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dream's updated_at (kept by the dreams_touch trigger) when its analysis was made: lets SQL tell a
-- current analysis from a stale one without re-hashing every narrative. Old rows hold NULL and are
-- read again on first use, as before.
ALTER TABLE "dream_analyses" ADD COLUMN "dream_updated_at" timestamp with time zone;--> statement-breakpoint
-- A few hundred bytes per dream (its symbols with their tone, its motifs) that history-wide queries
-- (dream signs, the personal lexicon) read instead of detoasting every full analysis.
ALTER TABLE "dream_analyses" ADD COLUMN "summary" jsonb;
