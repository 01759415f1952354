import { evaluationReports } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

/** A candidate as the award tests name it; the rest is filled in. */
export interface CandidateSpec {
  bidId: number;
  supplierId: number;
  supplierName?: string;
  price?: number;
}

/**
 * A lot's final 评标报告 written straight into the table (finish and signing have their own
 * tests): status `final`, outcome `ranked`, the candidates ranked 1…n in the order given, the
 * same as the ranking. Answers the report's id.
 */
export async function finalReport(
  t: TestApp,
  spec: { tenderId: number; lotId: number; candidates: CandidateSpec[]; finalAt: Date },
): Promise<number> {
  const ranked = spec.candidates.map((c, index) => ({
    rank: index + 1,
    bidId: c.bidId,
    supplierId: c.supplierId,
    supplierName: c.supplierName ?? `供应商 ${c.supplierId}`,
    price: c.price ?? 900_000 + index * 10_000,
    scores: [],
    priceScore: null,
    total: null,
    submittedAt: spec.finalAt.toISOString(),
  }));
  const [row] = await t.database.db
    .insert(evaluationReports)
    .values({
      tenderId: spec.tenderId,
      lotId: spec.lotId,
      version: 1,
      status: 'final',
      outcome: 'ranked',
      content: { candidates: ranked, ranking: ranked },
      digest: 'x'.repeat(64),
      createdAt: spec.finalAt,
      createdBy: 1,
      finalAt: spec.finalAt,
    })
    .returning({ id: evaluationReports.id });
  return row!.id;
}
