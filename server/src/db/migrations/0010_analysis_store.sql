-- Stored analyses are keyed by the knowledge-base fingerprint (content of every knowledge-base file plus the engine version) instead of a hand-bumped engine version. Old rows hold "engine-1", which no fingerprint equals: they are read again and replaced on first use.
ALTER TABLE "dream_analyses" RENAME COLUMN "engine_version" TO "kb_fingerprint";
