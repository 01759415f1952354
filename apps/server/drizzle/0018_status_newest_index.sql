-- 招标管理 filtered by status, newest first (modules/tenders/reads.ts): 已截止 is a published
-- tender whose deadline passed, decided on the index's own deadline while walking past the open
-- ones (~18,000 heap reads for a page at a million tenders before).
CREATE INDEX "tenders_status_newest_idx" ON "tenders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"bid_deadline");