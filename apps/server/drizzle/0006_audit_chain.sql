-- The audit chain's head: one row, locked by every audit write (lib/audit-chain.ts). The
-- genesis hash is 64 zeros; existing rows are chained in id order at start-up (the hash is
-- computed by the application, which the verifier repeats).
INSERT INTO "audit_chain_head" ("id", "last_id", "last_hash")
VALUES (1, NULL, '0000000000000000000000000000000000000000000000000000000000000000')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Audit rows are written once. The only change allowed is sealing a row written before the
-- chain existed (hash still null: prev_hash and hash set, nothing else touched). The table's
-- owner can still disable this trigger: the hash chain is what makes such an edit visible.
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
     AND NEW.id = OLD.id
     AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id
     AND NEW.username IS NOT DISTINCT FROM OLD.username
     AND NEW.action = OLD.action
     AND NEW.method = OLD.method
     AND NEW.url = OLD.url
     AND NEW.target_type IS NOT DISTINCT FROM OLD.target_type
     AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id
     AND NEW.before IS NOT DISTINCT FROM OLD.before
     AND NEW.after IS NOT DISTINCT FROM OLD.after
     AND NEW.ip IS NOT DISTINCT FROM OLD.ip
     AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log rows cannot be changed or deleted';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
--> statement-breakpoint
CREATE FUNCTION audit_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log cannot be truncated';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate();
--> statement-breakpoint
-- Request counters of the rate limits (login), shared by every instance on this database
-- (lib/rate-limit-store.ts). Only raw SQL touches it.
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
