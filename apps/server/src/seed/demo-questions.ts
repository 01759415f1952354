import { eq } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.js';
import type { Db, Tx } from '../db/client.js';
import { tenders } from '../db/schema/index.js';
import { answerQuestion, insertQuestion } from '../modules/questions/service.js';
import type { DemoPeople } from './demo-people.js';

const HOUR = 3600_000;

/** [tender title, asking bidder (index), question, answer or null (still open)] */
const QUESTIONS: [string, number, string, string | null][] = [
  [
    '华东电网 2026 年第一批 110kV 主变压器采购',
    1,
    '技术规范书第 3.2 条要求短路阻抗 10.5%，允许偏差是否按 GB/T 6451 执行？',
    '按 GB/T 6451—2023 执行，允许偏差 ±5%；其余要求以技术规范书为准。',
  ],
  [
    '华东电网 2026 年第一批 110kV 主变压器采购',
    0,
    '投标文件中的型式试验报告是否接受近五年内同型号产品的报告？',
    null,
  ],
  [
    '220kV 变电站继电保护装置改造项目',
    2,
    '现场改造是否要求投标人提供停电期间的临时保护方案？',
    '需要。请在技术文件中单列临时保护方案，随投标文件一并提交。',
  ],
];

/**
 * 答疑 on two demo tenders open for bids, through the service as the bidders and the manager
 * would: an answered question on each (so every signed-up bidder has the answer's notice) and
 * one still waiting for the manager.
 */
export async function seedDemoQuestions(tx: Tx, people: DemoPeople, now = new Date()) {
  const { manager, bidders, actor } = people;
  let current = new Date(now.getTime() - 2 * HOUR);
  const deps = { db: tx as unknown as Db, clock: { now: () => current } } as unknown as AppDeps;
  for (const [title, bidder, content, answer] of QUESTIONS) {
    const [tender] = await tx
      .select({ id: tenders.id })
      .from(tenders)
      .where(eq(tenders.title, title));
    if (!tender) continue;
    const asker = bidders[bidder]!;
    const asked = await insertQuestion(
      deps,
      { tenderId: tender.id, content },
      asker,
      actor(asker, '提出答疑问题'),
    );
    if (answer === null) continue;
    current = new Date(current.getTime() + HOUR);
    await answerQuestion(deps, { id: asked.id, answer }, manager, actor(manager, '答复答疑问题'));
    current = new Date(now.getTime() - 2 * HOUR);
  }
}
