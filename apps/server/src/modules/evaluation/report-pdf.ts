import {
  committeeApi,
  CRITERION_KIND_LABELS,
  deskApi,
  formatAmount,
  formatDateTime,
  lotLabel,
  reportApi,
} from '@tender/contracts';
import { type BlockStart, ChineseDocument, type TableColumn } from '../../lib/pdf.js';

/**
 * 评标报告 as a PDF (Noto Sans SC embedded): everything the page shows, in the order an auditor
 * reads it, ending with the signatures and the version's SHA-256 digest.
 */

const METHOD_LABELS = { lowest_price: '经评审的最低投标价法', comprehensive: '综合评估法' };
const CLARIFICATION_LABELS = { open: '待答复', answered: '已答复', unanswered: '逾期未答复' };
type EvaluationReport = reportApi.EvaluationReport;
const lotOf = (report: EvaluationReport) => lotLabel({ lotNo: report.lotNo, name: report.lotName });
const SECTION_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const score = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const HEADING = { size: 14 };
const LINE = { size: 11, lineHeight: 19 };
/** What follows a heading, for keeping the two together. */
const lineStart = (text: string): BlockStart => ({ text, options: LINE });

/** The formula in words, with the tender's own factors. */
function formulaText(report: EvaluationReport, maxScore: number) {
  const e = report.evaluation;
  if (e.priceFormula === 'lowest_benchmark')
    return `最低价基准法：基准价 B 为有效投标的最低报价，价格分 = ${maxScore} × B ÷ 投标报价（保留两位小数）。`;
  return (
    `平均价基准法：基准价 B = ${e.benchmarkFactor} × 有效投标报价的平均值（有效投标 5 个及以上时去掉一个最高价和一个最低价），` +
    `偏差率 d = |投标报价 − B| ÷ B，价格分 = max(0, ${maxScore} × (1 − e × d))，` +
    `高于基准价 e = ${e.deductAbove}，低于基准价 e = ${e.deductBelow}（保留两位小数）。`
  );
}

export async function reportPdf(report: EvaluationReport) {
  const doc = await ChineseDocument.create({
    title: `评标报告 ${report.tenderNo} ${lotOf(report)} 第${report.version}版`,
    date: new Date(report.createdAt),
  });
  const writer = new ReportWriter(doc, report);
  writer.cover();
  writer.committee();
  writer.method();
  writer.review();
  writer.memberScores();
  writer.ranking();
  writer.clarifications();
  writer.outliers();
  writer.signatures();
  return {
    fileName: `评标报告-${report.tenderNo}-标段${report.lotNo}-第${report.version}版.pdf`,
    body: await doc.save(),
  };
}

/** One method per section of the report, in the order they are written. */
class ReportWriter {
  /** Sections are numbered as they appear (最低投标价法 has no scores section). */
  private section = 0;
  private readonly width: number;
  private readonly memberName: Map<number, string>;
  private readonly bidName: Map<number, string>;
  private readonly criteria: EvaluationReport['evaluation']['criteria'];

  constructor(
    private readonly doc: ChineseDocument,
    private readonly report: EvaluationReport,
  ) {
    this.width = doc.width;
    this.memberName = new Map(report.members.map((m) => [m.memberId, m.name]));
    this.bidName = new Map(
      [...report.ranking, ...report.rejections].map((b) => [b.bidId, b.supplierName]),
    );
    for (const sheet of report.sheets)
      for (const review of sheet.review)
        if (!this.bidName.has(review.bidId)) this.bidName.set(review.bidId, `投标 ${review.bidId}`);
    this.criteria = report.evaluation.criteria;
  }

  /** A numbered section heading, never alone at a page's foot: `next` is what opens the section. */
  private heading(text: string, ...next: BlockStart[]) {
    this.doc.gap(8);
    this.doc.heading(`${SECTION_NUMERALS[this.section++]}、${text}`, HEADING, ...next);
  }

  private line(text: string) {
    this.doc.text(text, LINE);
  }

  /** A section with nothing to show: its heading and 无。 */
  private emptySection(heading: string) {
    this.heading(heading, lineStart('无。'));
    this.line('无。');
  }

  /** A table, opened by a section heading kept with its header and first row. */
  private tableSection(heading: string, columns: TableColumn[], rows: string[][], size?: number) {
    this.heading(heading, { columns, rows, size });
    this.doc.table(columns, rows, size);
  }

  private get scored() {
    return this.report.evaluation.method === 'comprehensive'
      ? this.criteria.filter((c) => c.kind !== 'price')
      : [];
  }

  cover() {
    const r = this.report;
    this.doc.title('评标报告', 24);
    this.line(`招标项目：${r.tenderTitle}（招标编号：${r.tenderNo}）`);
    this.line(`标段：${lotOf(r)}`);
    this.line(
      `版本：第 ${r.version} 版；状态：${reportApi.REPORT_STATUS_LABELS[r.status]}；生成时间：${formatDateTime(r.createdAt)}` +
        (r.finalAt ? `；生效时间：${formatDateTime(r.finalAt)}` : ''),
    );
    if (r.returnReason) this.line(`退回理由：${r.returnReason}`);
  }

  committee() {
    const w = this.width;
    this.tableSection(
      '评标委员会',
      [
        { header: '姓名', width: w * 0.18 },
        { header: '身份', width: w * 0.18 },
        { header: '工作单位', width: w * 0.34 },
        { header: '职称', width: w * 0.18 },
        { header: '组长', width: w * 0.12 },
      ],
      this.report.members.map((m) => [
        m.name,
        committeeApi.MEMBER_KIND_LABELS[m.kind],
        m.employer,
        m.title ?? '—',
        m.chair ? '组长' : '',
      ]),
    );
  }

  method() {
    const { evaluation } = this.report;
    const w = this.width;
    const summary = `评标办法：${METHOD_LABELS[evaluation.method]}；推荐中标候选人 ${evaluation.candidates} 名。`;
    this.heading('评标办法', lineStart(summary));
    this.line(summary);
    if (evaluation.method !== 'comprehensive') return;
    this.doc.table(
      [
        { header: '评分项', width: w * 0.5 },
        { header: '类型', width: w * 0.25 },
        { header: '分值', width: w * 0.25, align: 'right' },
      ],
      this.criteria.map((c) => [c.name, CRITERION_KIND_LABELS[c.kind], String(c.maxScore)]),
    );
    const price = this.criteria.find((c) => c.kind === 'price');
    if (price) this.line(formulaText(this.report, price.maxScore));
  }

  /** Each bid's review by every member, the majority's rejections and their grounds. */
  review() {
    const r = this.report;
    const w = this.width;
    const summary = `开标有效投标 ${r.openedValid} 个，否决 ${r.rejections.length} 个，评审后有效投标 ${r.validCount} 个（本标段最少有效投标数 ${r.minBids}）。`;
    const bidIds = [...new Set(r.sheets.flatMap((s) => s.review.map((x) => x.bidId)))];
    const opinion = (name: string, x: EvaluationReport['sheets'][number]['review'][number]) =>
      x.pass
        ? `${name}：通过`
        : `${name}：否决（${x.ground ? deskApi.REJECT_GROUND_LABELS[x.ground] : '未注明'}）${x.note ? ` ${x.note}` : ''}`;
    const columns: TableColumn[] = [
      { header: '投标人', width: w * 0.26 },
      { header: '各委员评审意见', width: w * 0.54 },
      { header: '结论', width: w * 0.2 },
    ];
    const rows = bidIds.map((bidId) => {
      const rejection = r.rejections.find((x) => x.bidId === bidId);
      return [
        this.bidName.get(bidId)!,
        r.sheets
          .flatMap((s) => s.review.filter((x) => x.bidId === bidId).map((x) => opinion(s.name, x)))
          .join('；'),
        rejection ? `否决（${rejection.votes}/${rejection.of} 票）` : '通过',
      ];
    });
    this.heading('符合性审查与否决投标', lineStart(summary), { columns, rows });
    this.line(summary);
    this.doc.table(columns, rows);
    for (const rejection of r.rejections) {
      const grounds = rejection.grounds.map(
        (g) =>
          `${this.memberName.get(g.memberId) ?? g.memberId}：${deskApi.REJECT_GROUND_LABELS[g.ground]}${g.note ? `（${g.note}）` : ''}`,
      );
      this.line(
        `否决：${rejection.supplierName}，${rejection.votes}/${rejection.of} 名委员否决；理由：${grounds.join('；')}`,
      );
    }
    if (r.insufficient)
      this.line(
        `有效投标不足：${reportApi.INSUFFICIENT_LABELS[r.insufficient.decision]}。理由：${r.insufficient.reason}`,
      );
  }

  /** 综合评估法: each member's score per criterion and bid, outliers marked ※. */
  memberScores() {
    const r = this.report;
    if (this.scored.length === 0 || r.outcome !== 'ranked') return;
    const memberWidth = (this.width * 0.7) / Math.max(1, r.sheets.length);
    const columns: TableColumn[] = [
      { header: '投标人', width: this.width * 0.3 },
      ...r.sheets.map((s) => ({ header: s.name, width: memberWidth, align: 'right' as const })),
    ];
    this.scored.forEach((c, i) => {
      const title = `${c.name}（满分 ${c.maxScore}）`;
      const cell = (sheet: EvaluationReport['sheets'][number], bidId: number) => {
        const at = (x: { bidId: number; criterionId: number }) =>
          x.bidId === bidId && x.criterionId === c.criterionId;
        const given = sheet.scores.find(at);
        if (!given) return '—';
        const flagged = r.outliers.some((o) => o.memberId === sheet.memberId && at(o));
        return flagged ? `※${given.score}` : String(given.score);
      };
      const rows = r.ranking.map((bid) => [
        bid.supplierName,
        ...r.sheets.map((s) => cell(s, bid.bidId)),
      ]);
      const table = { columns, rows, size: 9.5 };
      // The criterion's title stays with its table, as the section's heading with both.
      if (i === 0) this.heading('各委员评分', lineStart(title), table);
      this.doc.heading(title, LINE, table);
      this.doc.table(columns, rows, 9.5);
    });
    if (r.outliers.length)
      this.line(
        `※ 与其他委员平均分相差超过该项满分 ${deskApi.OUTLIER_SHARE * 100}% 的评分（畸高畸低）。`,
      );
  }

  ranking() {
    const r = this.report;
    const w = this.width;
    const means = this.scored;
    const heading = means.length ? '得分与排名' : '排名（按评审价格由低到高）';
    if (r.outcome === 'failed') {
      const failed = '评标委员会决定否决全部投标，该标段流标，不推荐中标候选人。';
      this.heading(heading, lineStart(failed));
      this.line(failed);
      return;
    }
    const rest = (w * 0.45) / (means.length + 2);
    const right = (header: string) => ({ header, width: rest, align: 'right' as const });
    this.tableSection(
      heading,
      [
        { header: '排名', width: w * 0.08 },
        { header: '投标人', width: w * 0.27 },
        { header: '投标报价', width: w * 0.2, align: 'right' },
        ...means.map((c) => right(`${c.name}均分`)),
        ...(means.length ? [right('价格分'), right('总分')] : []),
      ],
      r.ranking.map((bid) => [
        String(bid.rank),
        bid.supplierName,
        formatAmount(bid.price),
        ...means.map((c) =>
          score(bid.scores.find((s) => s.criterionId === c.criterionId)?.score ?? null),
        ),
        ...(means.length ? [score(bid.priceScore), score(bid.total)] : []),
      ]),
      9.5,
    );
    const candidates = r.candidates.map((c) => `第${c.rank}名 ${c.supplierName}`);
    this.line(`推荐中标候选人：${candidates.join('；') || '无'}`);
  }

  clarifications() {
    const w = this.width;
    if (this.report.clarifications.length === 0) return this.emptySection('评标澄清');
    this.tableSection(
      '评标澄清',
      [
        { header: '投标人', width: w * 0.2 },
        { header: '问题（提问委员）', width: w * 0.32 },
        { header: '答复', width: w * 0.32 },
        { header: '状态', width: w * 0.16 },
      ],
      this.report.clarifications.map((c) => [
        c.supplierName,
        `${c.question}（${c.askedBy ?? '—'}，${formatDateTime(c.askedAt)}）`,
        c.answer ? `${c.answer}（${formatDateTime(c.answeredAt)}）` : '—',
        CLARIFICATION_LABELS[c.status],
      ]),
      9.5,
    );
  }

  outliers() {
    const criterionName = new Map(this.criteria.map((c) => [c.criterionId, c.name]));
    const lines = this.report.outliers.map(
      (o) =>
        `${this.memberName.get(o.memberId) ?? o.memberId} 对 ${this.bidName.get(o.bidId) ?? o.bidId} 的「${criterionName.get(o.criterionId) ?? o.criterionId}」评分 ${o.score}，其他委员平均 ${score(o.othersMean)}。`,
    );
    if (lines.length === 0) return this.emptySection('畸高畸低评分提示');
    this.heading('畸高畸低评分提示', lineStart(lines[0]!));
    for (const line of lines) this.line(line);
  }

  /** The signatures (and who has yet to sign), earlier versions, and this version's digest. */
  signatures() {
    const r = this.report;
    const w = this.width;
    this.tableSection(
      '委员签字',
      [
        { header: '委员', width: w * 0.2 },
        { header: '意见', width: w * 0.14 },
        { header: '不同意理由', width: w * 0.4 },
        { header: '签字时间', width: w * 0.26 },
      ],
      [
        ...r.signatures.map((s) => [
          s.name,
          s.agree ? '同意' : '不同意',
          s.dissent ?? '',
          formatDateTime(s.signedAt),
        ]),
        ...r.unsigned.map((u) => [u.name, '待签字', '', '']),
      ],
    );
    for (const earlier of r.history)
      this.line(
        `第 ${earlier.version} 版（摘要 ${earlier.digest}）于 ${formatDateTime(earlier.returnedAt)} 退回，理由：${earlier.returnReason ?? '—'}`,
      );
    this.doc.gap(8);
    this.line('本版本内容的 SHA-256 摘要：');
    this.doc.text(r.digest, { size: 10 });
  }
}
