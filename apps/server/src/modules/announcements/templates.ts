const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The text a new 中标候选人公示 starts with. The candidates themselves (rank, price in figures
 * and 大写, reason) are the announcement's own table, shown above the text on every screen and
 * in print; a second copy in the text only repeated it.
 */
export const candidatesContent = (
  tender: { title: string; tenderNo: string },
  /** A tender of several lots: the lot's label, named after the tender. */
  lot: string | null = null,
) =>
  [
    `<p>${escapeHtml(tender.title)}（招标编号：${escapeHtml(tender.tenderNo)}）${lot ? escapeHtml(lot) : ''}评标结束，现将上表所列中标候选人（排名、投标报价及推荐理由）予以公示。</p>`,
    '<p>公示期内，参与本项目的投标人如有异议，可在系统中提出。</p>',
  ].join('\n');

/**
 * 评标委员会成员 in a committee tender's 中标结果公告, the chair marked 组长: the one place
 * bidders and the public learn who evaluated.
 */
export const committeeParagraph = (members: readonly { name: string; chair: boolean }[]) =>
  `<p>评标委员会成员：${members.map((m) => escapeHtml(m.chair ? `${m.name}（组长）` : m.name)).join('、')}</p>`;
