CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_id" bigint,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_confirmations" (
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"agree" boolean NOT NULL,
	"objection" text,
	"confirmed_at" timestamp with time zone NOT NULL,
	"confirmed_by" integer NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	CONSTRAINT "opening_confirmations_tender_id_supplier_id_pk" PRIMARY KEY("tender_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "bidder_encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "confirm_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "decrypt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "decrypt_started_by" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "decrypt_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "decrypt_extended_minutes" integer;--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "decrypt_extend_reason" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "decrypted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "decrypt_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "opening_confirmations" ADD CONSTRAINT "opening_confirmations_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_confirmations" ADD CONSTRAINT "opening_confirmations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
-- A confirmation or objection is part of the opening record: never removed, and only the
-- manager's one answer may be added afterwards.
CREATE FUNCTION opening_confirmation_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'opening confirmations are immutable';
  END IF;
  IF OLD.answer IS NOT NULL
     OR NEW.tender_id IS DISTINCT FROM OLD.tender_id
     OR NEW.supplier_id IS DISTINCT FROM OLD.supplier_id
     OR NEW.agree IS DISTINCT FROM OLD.agree
     OR NEW.objection IS DISTINCT FROM OLD.objection
     OR NEW.confirmed_at IS DISTINCT FROM OLD.confirmed_at
     OR NEW.confirmed_by IS DISTINCT FROM OLD.confirmed_by THEN
    RAISE EXCEPTION 'opening confirmations are immutable';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER opening_confirmations_immutable BEFORE UPDATE OR DELETE ON "opening_confirmations"
  FOR EACH ROW EXECUTE FUNCTION opening_confirmation_guard();
