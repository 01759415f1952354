CREATE TABLE "seeded_powers" (
	"code" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"owner_type" text,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
	"changes" jsonb NOT NULL,
	"deadline_before" timestamp with time zone NOT NULL,
	"deadline_after" timestamp with time zone NOT NULL,
	"opening_before" timestamp with time zone NOT NULL,
	"opening_after" timestamp with time zone NOT NULL,
	"deadline_extended" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"supplier_id" integer,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"user_id" integer,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_invitations" (
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	CONSTRAINT "tender_invitations_tender_id_supplier_id_pk" PRIMARY KEY("tender_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "tender_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_no" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"procurement_method" text NOT NULL,
	"budget" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"region" text,
	"description" text DEFAULT '' NOT NULL,
	"contact" text,
	"contact_phone" text,
	"mandatory" boolean DEFAULT false NOT NULL,
	"docs_from" timestamp with time zone,
	"docs_until" timestamp with time zone,
	"bid_validity_days" integer DEFAULT 90 NOT NULL,
	"bid_deadline" timestamp with time zone NOT NULL,
	"opening_at" timestamp with time zone NOT NULL,
	"min_bids" integer DEFAULT 3 NOT NULL,
	"price_ceiling" numeric(18, 2),
	"seal_mode" text DEFAULT 'server' NOT NULL,
	"decryption_minutes" integer DEFAULT 30 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"cancel_reason" text,
	"retender_of" integer,
	"published_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenders_tender_no_unique" UNIQUE("tender_no")
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "blacklist_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_log" ADD CONSTRAINT "download_log_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_log" ADD CONSTRAINT "download_log_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "files_unattached_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "amendments_tender_number_idx" ON "amendments" USING btree ("tender_id","number");--> statement-breakpoint
CREATE INDEX "download_log_tender_idx" ON "download_log" USING btree ("tender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "participations_tender_supplier_idx" ON "participations" USING btree ("tender_id","supplier_id");--> statement-breakpoint
CREATE INDEX "tenders_search_idx" ON "tenders" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tenders_status_deadline_idx" ON "tenders" USING btree ("status","bid_deadline");--> statement-breakpoint
CREATE INDEX "tenders_published_at_idx" ON "tenders" USING btree ("published_at");--> statement-breakpoint
-- Installations from before this table have received every seeded power they hold.
INSERT INTO "seeded_powers" ("code") SELECT "code" FROM "powers" WHERE "code" IS NOT NULL ON CONFLICT DO NOTHING;
