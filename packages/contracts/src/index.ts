import { z } from 'zod';

// Messages the schemas do not spell out themselves default to Chinese, on both sides.
z.config(z.locales.zhCN());

export * from './envelope.js';
export * from './route.js';
export * from './fields.js';
export * from './field-labels.js';
export * from './password.js';
export * from './procurement-method.js';
export * as auth from './auth.js';
export * as publicApi from './public.js';
export * as admin from './admin.js';
export * as role from './role.js';
export * as power from './power.js';
export * as apiInterface from './interface.js';
export * as dictionary from './dictionary.js';
export * as audit from './audit.js';
export * as supplierApi from './supplier.js';
export * as fileApi from './file.js';
export * as tenderApi from './tender.js';
export * as lotApi from './lot.js';
export * as evaluationApi from './evaluation.js';
export * as expertApi from './expert.js';
export * as committeeApi from './committee.js';
export * as deskApi from './evaluation-desk.js';
export * as reportApi from './evaluation-report.js';
export * as bidApi from './bid.js';
export * as announcementApi from './announcement.js';
export * as objectionApi from './objection.js';
export * as notificationApi from './notification.js';
export * as questionApi from './question.js';
export * as bondApi from './bond.js';
export * as contractApi from './contract.js';
export type { MenuEntry, UserMenu, TokenPayload, LoginInput } from './auth.js';
export type { AdminUser } from './admin.js';
export type { Role, RoleDetail } from './role.js';
export type { Power, PowerType, PowerIconName } from './power.js';
export { POWER_ICON_NAMES } from './power.js';
export type { ApiInterface } from './interface.js';
export type { DictType, DictItem } from './dictionary.js';
export type { DictOption } from './public.js';
export type { AuditEntry } from './audit.js';
export type { Supplier, SupplierStatus, Participant } from './supplier.js';
export type { UploadedFile } from './file.js';
export type {
  Tender,
  TenderListRow,
  PublicTender,
  PublicTenderDetail,
  TenderAnnouncementLink,
  OpenTender,
  TenderStatus,
  TenderDocument,
  Amendment,
} from './tender.js';
export type {
  Receipt,
  SubmissionReceipt,
  SubmittedQuotation,
  MyBid,
  BiddableTender,
  OpeningRecord,
  OpeningEntry,
  BidStatus,
  BidderSealed,
  SealedQuotation,
  OpeningCeremony,
  OpeningConfirmation,
  OpeningLotSection,
} from './bid.js';
export { bidderSealed, sealedQuotation, MIN_PBKDF2_ITERATIONS } from './bid.js';
export {
  canonicalBid,
  envelopeCanonical,
  priceText,
  quotationCanonical,
  type CanonicalValue,
  type EnvelopeTerms,
  type QuotationTerms,
} from './bid-canonical.js';
export type {
  Announcement,
  AnnouncementCandidate,
  AnnouncementKind,
  AnnouncementStatus,
  PublicityState,
  PublicAnnouncement,
  AwardNotice,
} from './announcement.js';
export type { Objection, ObjectionStatus } from './objection.js';
export type { Notification, NotificationKind } from './notification.js';
export { notificationLinks } from './notification.js';
export {
  MIN_PUBLICITY_DAYS,
  OBJECTION_ANSWER_DAYS,
  CONTRACT_DEADLINE_DAYS,
} from './announcement.js';
export { formatAmount, formatMoney, formatDateTime, formatDate, formatDateCn } from './format.js';
export { amountInWords } from './amount-in-words.js';
export { creditCodeCheckChar, isValidCreditCode } from './credit-code.js';
export { RICH_TEXT_ATTRIBUTES, RICH_TEXT_HEADING_LEVELS, RICH_TEXT_TAGS } from './rich-text.js';
export {
  checkedTenderDates,
  refineTenderDates,
  resolvedTenderDates,
  tenderDateIssues,
  tenderDatesSchema,
  type TenderDateClock,
  type TenderDateField,
  type TenderDates,
} from './tender-dates.js';
export {
  DEFAULT_LOT_MIN_BIDS,
  LOT_ID_REQUIRED,
  LOT_STATUSES,
  MAX_BOND_SHARE,
  MAX_LOTS,
  lotIssues,
  lotLabel,
  numberedLots,
  type Lot,
  type LotInput,
  type LotRuleIssue,
  type LotStatus,
  type LotValues,
  type PublicLot,
  type AnyLotView,
} from './lot.js';
export {
  CRITERIA_TOTAL,
  CRITERION_KINDS,
  CRITERION_KIND_LABELS,
  MIN_PRICE_CRITERION,
  evaluationIssues,
  type CriterionKind,
  type EvaluationRuleIssue,
  type EvaluationSettings,
  type EvaluationSettingsInput,
} from './evaluation.js';
export {
  DEFAULT_PRICE_FORMULA,
  EVALUATION_METHODS,
  PRICE_FORMULAS,
  benchmarkPrice,
  meanScore,
  priceScore,
  priceScores,
  rankBids,
  roundScore,
  type EvaluationMethod,
  type PriceFormula,
  type PriceFormulaKind,
  type RankableBid,
} from './evaluation-formula.js';
