CREATE TABLE "candidate_declines" (
	"lot_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"tender_id" integer NOT NULL,
	"ground" text NOT NULL,
	"reason" text NOT NULL,
	"file_ids" integer[] DEFAULT '{}' NOT NULL,
	"declined_at" timestamp with time zone NOT NULL,
	"declined_by" integer NOT NULL,
	CONSTRAINT "candidate_declines_lot_id_bid_id_pk" PRIMARY KEY("lot_id","bid_id")
);
--> statement-breakpoint
CREATE TABLE "clarifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answer_file_ids" integer[],
	"answered_at" timestamp with time zone,
	"answered_by" integer
);
--> statement-breakpoint
CREATE TABLE "committee_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"committee_id" integer NOT NULL,
	"kind" text NOT NULL,
	"seed" text NOT NULL,
	"eligible_ids" integer[] NOT NULL,
	"eligible_digest" text NOT NULL,
	"seats" integer NOT NULL,
	"drawn_ids" integer[] NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"drawn_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "committee_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"committee_id" integer NOT NULL,
	"tender_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expert_id" integer,
	"kind" text NOT NULL,
	"chair" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"draw_id" integer,
	"standby_rank" integer,
	"pledge_suppliers" text[],
	"pledged_at" timestamp with time zone,
	"conflict" text,
	"replaced_reason" text,
	"replaced_at" timestamp with time zone,
	"replaced_by" integer,
	"successor_id" integer,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "committees" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"size" integer NOT NULL,
	"specialties" text[] NOT NULL,
	"standbys" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	CONSTRAINT "committees_tender_id_unique" UNIQUE("tender_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"version" smallint NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"content" jsonb NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"final_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"returned_by" integer,
	"return_reason" text
);
--> statement-breakpoint
CREATE TABLE "evaluation_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"review" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"reopen_reason" text,
	"reopened_at" timestamp with time zone,
	"void_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"employer" text NOT NULL,
	"employer_credit_code" text,
	"title" text NOT NULL,
	"years" integer NOT NULL,
	"specialties" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"suspend_reason" text,
	"suspend_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "report_signatures" (
	"report_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"agree" boolean NOT NULL,
	"dissent" text,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_signatures_report_id_member_id_pk" PRIMARY KEY("report_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "evaluation" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "reject_grounds" text[];--> statement-breakpoint
ALTER TABLE "candidate_declines" ADD CONSTRAINT "candidate_declines_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_declines" ADD CONSTRAINT "candidate_declines_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_declines" ADD CONSTRAINT "candidate_declines_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_draws" ADD CONSTRAINT "committee_draws_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_draw_id_committee_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."committee_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committees" ADD CONSTRAINT "committees_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_reports" ADD CONSTRAINT "evaluation_reports_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_reports" ADD CONSTRAINT "evaluation_reports_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_sheets" ADD CONSTRAINT "evaluation_sheets_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_sheets" ADD CONSTRAINT "evaluation_sheets_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_sheets" ADD CONSTRAINT "evaluation_sheets_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_signatures" ADD CONSTRAINT "report_signatures_report_id_evaluation_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."evaluation_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_signatures" ADD CONSTRAINT "report_signatures_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clarifications_lot_idx" ON "clarifications" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "clarifications_supplier_idx" ON "clarifications" USING btree ("supplier_id","asked_at");--> statement-breakpoint
CREATE INDEX "committee_draws_committee_idx" ON "committee_draws" USING btree ("committee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "committee_members_user_idx" ON "committee_members" USING btree ("committee_id","user_id");--> statement-breakpoint
CREATE INDEX "committee_members_user_tender_idx" ON "committee_members" USING btree ("user_id","tender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_reports_lot_version_idx" ON "evaluation_reports" USING btree ("lot_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_sheets_lot_member_idx" ON "evaluation_sheets" USING btree ("lot_id","member_id");--> statement-breakpoint
CREATE INDEX "experts_specialties_idx" ON "experts" USING gin ("specialties");