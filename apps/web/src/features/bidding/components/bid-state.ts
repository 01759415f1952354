import type { BiddableTender, MyBid, Receipt } from '@tender/contracts';

export interface BidStateView {
  label: string;
  color: string;
  /** A sentence under the tag: the reason a bid is invalid, what re-confirmation means. */
  detail?: string;
}

/** The company's own bid as one state a bidder reads at a glance. */
export function ownBidState(bid: MyBid | null): BidStateView {
  if (!bid) return { label: '未投标', color: 'default' };
  switch (bid.status) {
    case 'submitted':
      return bid.needsReconfirm
        ? {
            label: '需重新确认',
            color: 'warning',
            detail: '招标文件已澄清或修改，请确认报价仍然有效；截止时未确认的投标将被判为无效。',
          }
        : { label: `已投标 第 ${bid.revision} 版`, color: 'processing' };
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
  }
}

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
  const pastDeadline = Date.parse(tender.bidDeadline) <= serverNowMs;
  const refusal = tender.bidRefusal ?? (pastDeadline ? '投标已截止' : null);
  if (refusal) return { quote: null, withdraw: false, reconfirm: false, refusal };
  const live = tender.myBid?.status === 'submitted' ? tender.myBid : null;
  return {
    quote: live ? 'revise' : 'submit',
    withdraw: live !== null,
    reconfirm: live?.needsReconfirm ?? false,
    refusal: null,
  };
}

/** The tender's bids have been opened and its record exists. */
const RECORDED = ['opened', 'awarded', 'failed'];

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
  tender.status === 'opening' || RECORDED.includes(tender.status);

/** The opening record is there for a supplier whose bid took part. */
export const hasOpeningRecord = (tender: BiddableTender) =>
  RECORDED.includes(tender.status) && tender.myBid !== null && tender.myBid.status !== 'withdrawn';

export const RECEIPT_ACTION_LABELS: Record<Receipt['action'], string> = {
  submit: '提交报价',
  reconfirm: '重新确认',
  withdraw: '撤回投标',
};
