CREATE TABLE "awards" (
	"tender_id" integer PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reason" text NOT NULL,
	"awarded_by" integer NOT NULL,
	"awarded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_revisions" (
	"bid_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"action" text NOT NULL,
	"digest" text NOT NULL,
	"sealed" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "bid_revisions_bid_id_revision_pk" PRIMARY KEY("bid_id","revision")
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"status" text NOT NULL,
	"sealed" jsonb,
	"digest" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"submitted_by" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"needs_reconfirm" boolean DEFAULT false NOT NULL,
	"invalid_reason" text,
	"total_price" numeric(18, 2),
	"currency" text,
	"delivery_days" integer,
	"warranty_months" integer,
	"remark" text,
	"file_ids" integer[],
	"nonce" text,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "installation_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_records" (
	"tender_id" integer PRIMARY KEY NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" integer NOT NULL,
	"opened_by_name" text NOT NULL,
	"entries" jsonb NOT NULL,
	"valid_count" integer NOT NULL,
	"failed" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"winner_supplier_id" integer,
	"winner_name" text,
	"amount" numeric(18, 2),
	"publicity_start" timestamp with time zone,
	"publicity_end" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"revoke_reason" text,
	"created_by" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_revisions" ADD CONSTRAINT "bid_revisions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_records" ADD CONSTRAINT "opening_records_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_tender_supplier_idx" ON "bids" USING btree ("tender_id","supplier_id");--> statement-breakpoint
CREATE INDEX "bids_tender_idx" ON "bids" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "announcements_tender_idx" ON "announcements" USING btree ("tender_id");--> statement-breakpoint
-- The opening record is evidence: once made, nobody changes or removes it.
CREATE FUNCTION opening_record_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'opening records are immutable';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER opening_records_immutable BEFORE UPDATE OR DELETE ON "opening_records"
  FOR EACH ROW EXECUTE FUNCTION opening_record_immutable();
