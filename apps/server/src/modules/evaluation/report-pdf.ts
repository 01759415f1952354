import {
  committeeApi,
  CRITERION_KIND_LABELS,
  deskApi,
  formatAmount,
  formatDateTime,
  lotLabel,
  reportApi,
} from '@tender/contracts';
import { ChineseDocument, type TableColumn } from '../../lib/pdf.js';

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
  const width = doc.width;
  // Sections numbered as they appear (最低投标价法 has no scores section).
  let section = 0;
  const heading = (text: string) => {
    doc.gap(8);
    doc.text(`${SECTION_NUMERALS[section++]}、${text}`, { size: 14 });
  };
  const line = (text: string) => doc.text(text, { size: 11, lineHeight: 19 });
  const nameOf = new Map(report.members.map((m) => [m.memberId, m.name]));
  const bidName = new Map(
    [...report.ranking, ...report.rejections].map((b) => [b.bidId, b.supplierName]),
  );
  for (const sheet of report.sheets)
    for (const review of sheet.review)
      if (!bidName.has(review.bidId)) bidName.set(review.bidId, `投标 ${review.bidId}`);
  const criteria = report.evaluation.criteria;
  const criterionName = new Map(criteria.map((c) => [c.criterionId, c.name]));

  doc.title('评标报告', 24);
  line(`招标项目：${report.tenderTitle}（招标编号：${report.tenderNo}）`);
  line(`标段：${lotOf(report)}`);
  line(
    `版本：第 ${report.version} 版；状态：${reportApi.REPORT_STATUS_LABELS[report.status]}；生成时间：${formatDateTime(report.createdAt)}` +
      (report.finalAt ? `；生效时间：${formatDateTime(report.finalAt)}` : ''),
  );
  if (report.returnReason) line(`退回理由：${report.returnReason}`);

  heading('评标委员会');
  doc.table(
    [
      { header: '姓名', width: width * 0.18 },
      { header: '身份', width: width * 0.18 },
      { header: '工作单位', width: width * 0.34 },
      { header: '职称', width: width * 0.18 },
      { header: '组长', width: width * 0.12 },
    ],
    report.members.map((m) => [
      m.name,
      committeeApi.MEMBER_KIND_LABELS[m.kind],
      m.employer,
      m.title ?? '—',
      m.chair ? '组长' : '',
    ]),
  );

  heading('评标办法');
  line(
    `评标办法：${METHOD_LABELS[report.evaluation.method]}；推荐中标候选人 ${report.evaluation.candidates} 名。`,
  );
  if (report.evaluation.method === 'comprehensive') {
    doc.table(
      [
        { header: '评分项', width: width * 0.5 },
        { header: '类型', width: width * 0.25 },
        { header: '分值', width: width * 0.25, align: 'right' },
      ],
      criteria.map((c) => [c.name, CRITERION_KIND_LABELS[c.kind], String(c.maxScore)]),
    );
    const price = criteria.find((c) => c.kind === 'price');
    if (price) line(formulaText(report, price.maxScore));
  }

  heading('符合性审查与否决投标');
  line(
    `开标有效投标 ${report.openedValid} 个，否决 ${report.rejections.length} 个，评审后有效投标 ${report.validCount} 个（本标段最少有效投标数 ${report.minBids}）。`,
  );
  const bidIds = [...new Set(report.sheets.flatMap((s) => s.review.map((r) => r.bidId)))];
  doc.table(
    [
      { header: '投标人', width: width * 0.26 },
      { header: '各委员评审意见', width: width * 0.54 },
      { header: '结论', width: width * 0.2 },
    ],
    bidIds.map((bidId) => {
      const opinions = report.sheets.flatMap((sheet) =>
        sheet.review
          .filter((r) => r.bidId === bidId)
          .map((r) =>
            r.pass
              ? `${sheet.name}：通过`
              : `${sheet.name}：否决（${r.ground ? deskApi.REJECT_GROUND_LABELS[r.ground] : '未注明'}）${r.note ? ` ${r.note}` : ''}`,
          ),
      );
      const rejection = report.rejections.find((r) => r.bidId === bidId);
      return [
        bidName.get(bidId) ?? String(bidId),
        opinions.join('；'),
        rejection ? `否决（${rejection.votes}/${rejection.of} 票）` : '通过',
      ];
    }),
  );
  for (const rejection of report.rejections)
    line(
      `否决：${rejection.supplierName}，${rejection.votes}/${rejection.of} 名委员否决；理由：${rejection.grounds
        .map(
          (g) =>
            `${nameOf.get(g.memberId) ?? g.memberId}：${deskApi.REJECT_GROUND_LABELS[g.ground]}${g.note ? `（${g.note}）` : ''}`,
        )
        .join('；')}`,
    );
  if (report.insufficient)
    line(
      `有效投标不足：${reportApi.INSUFFICIENT_LABELS[report.insufficient.decision]}。理由：${report.insufficient.reason}`,
    );

  if (report.evaluation.method === 'comprehensive' && report.outcome === 'ranked') {
    heading('各委员评分');
    const memberWidth = (width * 0.7) / Math.max(1, report.sheets.length);
    for (const c of criteria.filter((c) => c.kind !== 'price')) {
      line(`${c.name}（满分 ${c.maxScore}）`);
      const columns: TableColumn[] = [
        { header: '投标人', width: width * 0.3 },
        ...report.sheets.map((s) => ({
          header: s.name,
          width: memberWidth,
          align: 'right' as const,
        })),
      ];
      doc.table(
        columns,
        report.ranking.map((bid) => [
          bid.supplierName,
          ...report.sheets.map((s) => {
            const given = s.scores.find(
              (x) => x.bidId === bid.bidId && x.criterionId === c.criterionId,
            );
            if (!given) return '—';
            const flagged = report.outliers.some(
              (o) =>
                o.memberId === s.memberId &&
                o.bidId === bid.bidId &&
                o.criterionId === c.criterionId,
            );
            return flagged ? `※${given.score}` : String(given.score);
          }),
        ]),
        9.5,
      );
    }
    if (report.outliers.length)
      line(
        `※ 与其他委员平均分相差超过该项满分 ${deskApi.OUTLIER_SHARE * 100}% 的评分（畸高畸低）。`,
      );
  }

  heading(
    report.evaluation.method === 'comprehensive' ? '得分与排名' : '排名（按评审价格由低到高）',
  );
  if (report.outcome === 'failed')
    line('评标委员会决定否决全部投标，该标段流标，不推荐中标候选人。');
  else {
    const means =
      report.evaluation.method === 'comprehensive'
        ? criteria.filter((c) => c.kind !== 'price')
        : [];
    const rest = (width * 0.45) / (means.length + 2);
    doc.table(
      [
        { header: '排名', width: width * 0.08 },
        { header: '投标人', width: width * 0.27 },
        { header: '投标报价', width: width * 0.2, align: 'right' },
        ...means.map((c) => ({ header: `${c.name}均分`, width: rest, align: 'right' as const })),
        ...(means.length
          ? [
              { header: '价格分', width: rest, align: 'right' as const },
              { header: '总分', width: rest, align: 'right' as const },
            ]
          : []),
      ],
      report.ranking.map((bid) => [
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
    line(
      `推荐中标候选人：${report.candidates.map((c) => `第${c.rank}名 ${c.supplierName}`).join('；') || '无'}`,
    );
  }

  heading('评标澄清');
  if (report.clarifications.length === 0) line('无。');
  else
    doc.table(
      [
        { header: '投标人', width: width * 0.2 },
        { header: '问题（提问委员）', width: width * 0.32 },
        { header: '答复', width: width * 0.32 },
        { header: '状态', width: width * 0.16 },
      ],
      report.clarifications.map((c) => [
        c.supplierName,
        `${c.question}（${c.askedBy ?? '—'}，${formatDateTime(c.askedAt)}）`,
        c.answer ? `${c.answer}（${formatDateTime(c.answeredAt)}）` : '—',
        CLARIFICATION_LABELS[c.status],
      ]),
      9.5,
    );

  heading('畸高畸低评分提示');
  if (report.outliers.length === 0) line('无。');
  for (const o of report.outliers)
    line(
      `${nameOf.get(o.memberId) ?? o.memberId} 对 ${bidName.get(o.bidId) ?? o.bidId} 的「${criterionName.get(o.criterionId) ?? o.criterionId}」评分 ${o.score}，其他委员平均 ${score(o.othersMean)}。`,
    );

  heading('委员签字');
  doc.table(
    [
      { header: '委员', width: width * 0.2 },
      { header: '意见', width: width * 0.14 },
      { header: '不同意理由', width: width * 0.4 },
      { header: '签字时间', width: width * 0.26 },
    ],
    [
      ...report.signatures.map((s) => [
        s.name,
        s.agree ? '同意' : '不同意',
        s.dissent ?? '',
        formatDateTime(s.signedAt),
      ]),
      ...report.unsigned.map((u) => [u.name, '待签字', '', '']),
    ],
  );
  for (const earlier of report.history)
    line(
      `第 ${earlier.version} 版（摘要 ${earlier.digest}）于 ${formatDateTime(earlier.returnedAt)} 退回，理由：${earlier.returnReason ?? '—'}`,
    );

  doc.gap(8);
  line('本版本内容的 SHA-256 摘要：');
  doc.text(report.digest, { size: 10 });
  return {
    fileName: `评标报告-${report.tenderNo}-标段${report.lotNo}-第${report.version}版.pdf`,
    body: await doc.save(),
  };
}
