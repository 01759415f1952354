CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"lot_no" integer NOT NULL,
	"name" text NOT NULL,
	"budget" numeric(18, 2) NOT NULL,
	"price_ceiling" numeric(18, 2),
	"min_bids" integer DEFAULT 3 NOT NULL,
	"bid_bond" numeric(18, 2) DEFAULT '0' NOT NULL,
	"quantity" text,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participation_lots" (
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participation_lots_lot_id_supplier_id_pk" PRIMARY KEY("lot_id","supplier_id")
);
--> statement-breakpoint
DROP INDEX "bids_tender_supplier_idx";--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "max_lots_per_winner" integer;--> statement-breakpoint
-- Every existing tender becomes a one-lot tender: its budget, ceiling and minimum, named by its
-- title; a failed or awarded tender's lot failed or was awarded with it.
INSERT INTO "lots" ("tender_id", "lot_no", "name", "budget", "price_ceiling", "min_bids", "status", "created_at", "updated_at")
  SELECT "id", 1, "title", "budget", "price_ceiling", "min_bids",
    CASE "status" WHEN 'failed' THEN 'failed' WHEN 'awarded' THEN 'awarded' ELSE 'active' END,
    "created_at", "updated_at"
  FROM "tenders";--> statement-breakpoint
INSERT INTO "participation_lots" ("tender_id", "supplier_id", "lot_id", "created_at")
  SELECT p."tender_id", p."supplier_id", l."id", p."created_at"
  FROM "participations" p JOIN "lots" l ON l."tender_id" = p."tender_id";--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "lot_id" integer;--> statement-breakpoint
UPDATE "bids" b SET "lot_id" = l."id" FROM "lots" l WHERE l."tender_id" = b."tender_id";--> statement-breakpoint
ALTER TABLE "bids" ALTER COLUMN "lot_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "awards" DROP CONSTRAINT "awards_pkey";--> statement-breakpoint
ALTER TABLE "awards" ADD COLUMN "lot_id" integer;--> statement-breakpoint
UPDATE "awards" a SET "lot_id" = l."id" FROM "lots" l WHERE l."tender_id" = a."tender_id";--> statement-breakpoint
ALTER TABLE "awards" ADD PRIMARY KEY ("lot_id");--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "lot_id" integer;--> statement-breakpoint
UPDATE "announcements" a SET "lot_id" = l."id" FROM "lots" l WHERE l."tender_id" = a."tender_id";--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "lot_id" SET NOT NULL;--> statement-breakpoint
-- The record is immutable: its trigger steps aside only while each entry is told its lot and the
-- record gets its one lot's section, which says what the record already said.
ALTER TABLE "opening_records" ADD COLUMN "lots" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "opening_records" DISABLE TRIGGER "opening_records_immutable";--> statement-breakpoint
UPDATE "opening_records" r SET
  "entries" = (
    SELECT coalesce(jsonb_agg(e || jsonb_build_object('lotId', l."id") ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements(r."entries") WITH ORDINALITY AS x(e, n)
  ),
  "lots" = jsonb_build_array(jsonb_build_object(
    'lotId', l."id", 'lotNo', 1, 'name', l."name",
    'minBids', CASE WHEN t."mandatory" THEN greatest(3, t."min_bids") ELSE t."min_bids" END,
    'validCount', r."valid_count", 'failed', r."failed"))
  FROM "lots" l, "tenders" t
  WHERE l."tender_id" = r."tender_id" AND t."id" = r."tender_id";--> statement-breakpoint
ALTER TABLE "opening_records" ENABLE TRIGGER "opening_records_immutable";--> statement-breakpoint
ALTER TABLE "opening_records" ALTER COLUMN "lots" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_lots" ADD CONSTRAINT "participation_lots_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_lots" ADD CONSTRAINT "participation_lots_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participation_lots" ADD CONSTRAINT "participation_lots_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lots_tender_lot_no_idx" ON "lots" USING btree ("tender_id","lot_no");--> statement-breakpoint
CREATE INDEX "participation_lots_tender_supplier_idx" ON "participation_lots" USING btree ("tender_id","supplier_id");--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awards_tender_idx" ON "awards" USING btree ("tender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_lot_supplier_idx" ON "bids" USING btree ("lot_id","supplier_id");--> statement-breakpoint
CREATE TRIGGER lots_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lots FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER participation_lots_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON participation_lots FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
