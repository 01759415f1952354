import { tenderApi, type BiddableTender, type MyBid, type Receipt } from '@tender/contracts';

export interface BidStateView {
  label: string;
  color: string;
  /** A sentence under the tag: the reason a bid is invalid, what re-confirmation means. */
  detail?: string;
}

/** The deadline has passed, by the tender's status or on the server's clock. */
const pastDeadline = (tender: BiddableTender, serverNowMs: number) =>
  tender.status !== 'published' || Date.parse(tender.bidDeadline) <= serverNowMs;

/** A submitted bid while the tender waits for, or runs, its opening. */
function waitingBid(tender: BiddableTender, bid: MyBid, serverNowMs: number): BidStateView {
  if (tender.status === 'opening') {
    if (bid.decryptedAt) return { label: '已解密 · 等待开标记录', color: 'processing' };
    const windowOver =
      tender.decryptUntil !== null && Date.parse(tender.decryptUntil) <= serverNowMs;
    return windowOver
      ? { label: '未解密', color: 'error', detail: '解密时间已结束，开标记录将记为解密失败。' }
      : { label: '开标中 · 待解密', color: 'purple' };
  }
  if (pastDeadline(tender, serverNowMs))
    return bid.needsReconfirm
      ? {
          label: '未重新确认',
          color: 'error',
          detail: '招标文件澄清或修改后截止前未重新确认，开标时将判为无效。',
        }
      : { label: '已截止 · 等待开标', color: 'processing' };
  return bid.needsReconfirm
    ? {
        label: '需重新确认',
        color: 'warning',
        detail: '招标文件已澄清或修改，请确认报价仍然有效；截止时未确认的投标将被判为无效。',
      }
    : { label: `已投标 第 ${bid.revision} 版`, color: 'processing' };
}

/**
 * The company's own bid on a tender as one state a bidder reads at a glance: the tender's end
 * (已取消, 流标 with the reason) before the bid's own result (中标/未中标/无效), and a bid waiting
 * for the opening says so once the deadline has passed (on the server's clock).
 */
export function bidStateOf(tender: BiddableTender, serverNowMs: number): BidStateView {
  const bid = tender.myBid;
  if (tender.status === 'cancelled')
    return {
      label: '已取消',
      color: 'default',
      detail: tender.endReason ?? '招标方已终止本项目。',
    };
  if (tender.status === 'failed') {
    const own =
      bid?.status === 'invalid'
        ? `贵公司投标无效：${bid.invalidReason ?? '开标时被判为无效投标'}。`
        : '';
    return {
      label: '流标',
      color: 'error',
      detail: `${tender.endReason ?? '有效投标不足，本项目流标'}。${own}`,
    };
  }
  if (!bid) return { label: '未投标', color: 'default' };
  switch (bid.status) {
    case 'submitted':
      return waitingBid(tender, bid, serverNowMs);
    case 'withdrawn':
      return { label: '已撤回', color: 'default' };
    case 'opened':
      return { label: '已开标', color: 'cyan', detail: '等待定标结果。' };
    case 'won':
      return { label: '中标', color: 'success' };
    case 'lost':
      return { label: '未中标', color: 'default' };
    case 'invalid':
      return {
        label: '无效',
        color: 'error',
        detail: bid.invalidReason ?? '开标时被判为无效投标。',
      };
    case 'rejected':
      return { label: '被否决', color: 'error', detail: '评标委员会否决了贵公司的投标。' };
  }
}

/**
 * The company's own refusal (not approved, blacklisted …) matters while the tender takes bids;
 * a tender that is simply over carries no warning (its status says it).
 */
export const showsRefusal = (tender: BiddableTender, serverNowMs: number) =>
  tender.bidRefusal !== null && !pastDeadline(tender, serverNowMs);

/** A price above the 最高投标限价: accepted (the law judges it at the opening) but invalid then. */
export const aboveCeiling = (tender: Pick<BiddableTender, 'priceCeiling'>, price: unknown) =>
  tender.priceCeiling !== null && typeof price === 'number' && price > tender.priceCeiling;

export interface BidActionsAvailable {
  /** 投标 (no live bid) or 修改报价 (a live bid gets a new revision). */
  quote: 'submit' | 'revise' | null;
  withdraw: boolean;
  reconfirm: boolean;
  /** Why nothing can be done now: the server's refusal, or the deadline seen on the server clock. */
  refusal: string | null;
}

/**
 * What the bidder may do with a tender now. The server decides (`bidRefusal`); the deadline is
 * checked again on the server's clock so the buttons go grey the second it passes.
 */
export function availableActions(tender: BiddableTender, serverNowMs: number): BidActionsAvailable {
  const over = Date.parse(tender.bidDeadline) <= serverNowMs;
  const refusal = tender.bidRefusal ?? (over ? '投标已截止' : null);
  if (refusal) return { quote: null, withdraw: false, reconfirm: false, refusal };
  const live = tender.myBid?.status === 'submitted' ? tender.myBid : null;
  return {
    quote: live ? 'revise' : 'submit',
    withdraw: live !== null,
    reconfirm: live?.needsReconfirm ?? false,
    refusal: null,
  };
}

/**
 * `bidder` mode, decryption window running on the server's clock, own bid live: the supplier
 * must decrypt now. Once the window has ended (the tender stays `opening` until the manager
 * finishes) the server refuses a decryption, so nothing asks for one.
 */
export const mustDecrypt = (tender: BiddableTender, serverNowMs: number) =>
  tender.sealMode === 'bidder' &&
  tender.status === 'opening' &&
  tender.decryptUntil !== null &&
  Date.parse(tender.decryptUntil) > serverNowMs &&
  tender.myBid?.status === 'submitted' &&
  tender.myBid.decryptedAt === null;

/**
 * Quoting is over for good once the opening has begun: the 投标/修改报价 button goes (解密投标
 * and 开标记录 take its place). Between the deadline and the opening it stays, disabled, with
 * the reason.
 */
export const quotingIsOver = (tender: BiddableTender) =>
  tender.status === 'opening' || tenderApi.bidsAreOpened(tender.status);

/** The opening record is there for a supplier whose bid took part. */
export const hasOpeningRecord = (tender: BiddableTender) =>
  tenderApi.bidsAreOpened(tender.status) &&
  tender.myBid !== null &&
  tender.myBid.status !== 'withdrawn';

export const RECEIPT_ACTION_LABELS: Record<Receipt['action'], string> = {
  submit: '提交报价',
  reconfirm: '重新确认',
  withdraw: '撤回投标',
};
