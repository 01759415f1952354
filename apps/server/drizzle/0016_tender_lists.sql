-- A company's invitations and sign-ups by company: 招标信息 counts its invited tenders and, with
-- 只看已报名, those it signed up for, from them (modules/tenders/list-counts.ts).
CREATE INDEX "participations_supplier_idx" ON "participations" USING btree ("supplier_id","tender_id");--> statement-breakpoint
CREATE INDEX "tender_invitations_supplier_idx" ON "tender_invitations" USING btree ("supplier_id","tender_id");