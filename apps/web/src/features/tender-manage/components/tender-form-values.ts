import dayjs, { type Dayjs } from 'dayjs';
import { bondApi, tenderDateIssues, type AnyLotView, type Tender } from '@tender/contracts';
import {
  DEFAULT_PROCUREMENT_METHOD,
  restrictsToInvitees,
  type ProcurementMethod,
} from '@tender/contracts/procurement-method';
import type { UploadedFileRef } from '@/components/FileUpload';
import {
  lotsBudget,
  needsLotTable,
  toLotInputs,
  toLotRow,
  type LotFormRow,
} from './lot-form-values';
import {
  evaluationDefaults,
  evaluationOf,
  toEvaluationInput,
  toEvaluationValues,
  type EvaluationFormValues,
} from './evaluation-form-values';

/** A tender with its lots, as get-ttender-by-id answers (a list row has only lotCount). */
export type TenderWithLots = Tender & { lots?: AnyLotView[]; maxLotsPerWinner?: number | null };

/** What the tender form holds: the contract's fields, with pickers' dayjs values and file refs. */
export interface TenderFormValues {
  title?: string;
  category?: string;
  procurementMethod?: ProcurementMethod;
  budget?: number | null;
  currency?: string;
  region?: string | null;
  description?: string;
  contact?: string | null;
  contactPhone?: string | null;
  mandatory?: boolean;
  docsWindow?: [Dayjs | null, Dayjs | null] | null;
  /** 答疑截止; empty: the default from the deadline (defaultQuestionsUntil). */
  questionsUntil?: Dayjs | null;
  bidValidityDays?: number;
  bidDeadline?: Dayjs | null;
  openingAt?: Dayjs | null;
  minBids?: number;
  priceCeiling?: number | null;
  sealMode?: 'server' | 'bidder';
  decryptionMinutes?: number;
  confirmMinutes?: number;
  invitedSupplierIds?: number[];
  documents?: UploadedFileRef[];
  /** 分标段招标: the lots table replaces the tender's own budget, ceiling and minimum bids. */
  splitLots?: boolean;
  lots?: LotFormRow[];
  maxLotsPerWinner?: number | null;
  /** 评标设置 (EVALUATION.md §2). */
  evaluation?: EvaluationFormValues;
  /** 保证金形式 (EVALUATION.md §4). */
  bondForms?: bondApi.BondForm[];
}

export const TENDER_FORM_DEFAULTS: TenderFormValues = {
  procurementMethod: DEFAULT_PROCUREMENT_METHOD,
  currency: 'CNY',
  mandatory: false,
  bidValidityDays: 90,
  minBids: 3,
  sealMode: 'server',
  decryptionMinutes: 30,
  confirmMinutes: 30,
  invitedSupplierIds: [],
  documents: [],
  description: '',
  splitLots: false,
  lots: [],
  maxLotsPerWinner: null,
  evaluation: evaluationDefaults(),
  bondForms: [...bondApi.DEFAULT_BOND_FORMS],
};

const iso = (value: Dayjs | null | undefined) => (value ? value.toISOString() : null);
const day = (value: string | null | undefined) => (value ? dayjs(value) : null);

/** A stored tender as form values (editing a draft). */
export function toFormValues(tender: TenderWithLots): TenderFormValues {
  const split = needsLotTable(tender.lots);
  return {
    title: tender.title,
    category: tender.category,
    procurementMethod: tender.procurementMethod,
    budget: tender.budget,
    currency: tender.currency,
    region: tender.region,
    description: tender.description,
    contact: tender.contact,
    contactPhone: tender.contactPhone,
    mandatory: tender.mandatory,
    docsWindow:
      tender.docsFrom || tender.docsUntil ? [day(tender.docsFrom), day(tender.docsUntil)] : null,
    questionsUntil: tender.questionsUntilDefault ? null : day(tender.questionsUntil),
    bidValidityDays: tender.bidValidityDays,
    bidDeadline: day(tender.bidDeadline),
    openingAt: day(tender.openingAt),
    minBids: tender.minBids,
    priceCeiling: tender.priceCeiling,
    sealMode: tender.sealMode,
    decryptionMinutes: tender.decryptionMinutes,
    confirmMinutes: tender.confirmMinutes,
    invitedSupplierIds: tender.invitedSupplierIds,
    documents: tender.documents.map((d) => ({ id: d.id, name: d.name, size: d.size })),
    splitLots: split,
    lots: split ? (tender.lots ?? []).map(toLotRow) : [],
    maxLotsPerWinner: tender.maxLotsPerWinner ?? null,
    evaluation: toEvaluationValues(evaluationOf(tender), tender.mandatory),
    bondForms: tender.bondForms,
  };
}

/**
 * Form values as the contract's input (insert or update); the schema checks it before sending.
 * Without the lots table no `lots` is sent (the server keeps the one lot in step with the
 * tender's own fields); with it the budget is the lots' sum.
 */
export function toTenderInput(values: TenderFormValues) {
  const {
    docsWindow,
    questionsUntil,
    bidDeadline,
    openingAt,
    documents,
    invitedSupplierIds,
    splitLots,
    lots,
    maxLotsPerWinner,
    evaluation,
    ...rest
  } = values;
  const rows = splitLots ? (lots ?? []) : undefined;
  return {
    ...rest,
    ...(rows ? { lots: toLotInputs(rows) } : {}),
    maxLotsPerWinner: rows && rows.length > 1 ? (maxLotsPerWinner ?? null) : null,
    budget: rows ? lotsBudget(rows) : (values.budget ?? undefined),
    priceCeiling: values.priceCeiling ?? null,
    region: values.region ?? null,
    contact: values.contact || null,
    contactPhone: values.contactPhone || null,
    docsFrom: iso(docsWindow?.[0]),
    docsUntil: iso(docsWindow?.[1]),
    questionsUntil: iso(questionsUntil),
    bidDeadline: iso(bidDeadline) ?? undefined,
    openingAt: iso(openingAt),
    invitedSupplierIds:
      values.procurementMethod && restrictsToInvitees(values.procurementMethod)
        ? (invitedSupplierIds ?? [])
        : [],
    documentIds: (documents ?? []).map((d) => d.id),
    evaluation: toEvaluationInput(evaluation),
  };
}

/**
 * The seal mode a tender gets until the manager picks one: `bidder` (不见面开标) for tenders
 * that must be tendered by law, `server` otherwise (PRODUCT.md).
 */
export const defaultSealMode = (mandatory: boolean | undefined) =>
  mandatory ? 'bidder' : 'server';

/** The form field that shows a contract field's error (the window is one picker). */
export function formFieldOf(field: string): string {
  if (field === 'docsFrom' || field === 'docsUntil') return 'docsWindow';
  if (field === 'documentIds') return 'documents';
  return field;
}

/** formFieldOf for a name antd paints: a lot cell's path (['lots', 0, 'budget']) stays as it is. */
export const formNameOfField = (name: unknown): unknown =>
  Array.isArray(name) ? name : formFieldOf(String(name));

/**
 * openingAt follows bidDeadline (the law opens bids at the deadline) while the manager has not
 * set it to something else: empty, or equal to the previous deadline.
 */
export function followDeadline(
  previousDeadline: Dayjs | null | undefined,
  nextDeadline: Dayjs | null | undefined,
  openingAt: Dayjs | null | undefined,
): Dayjs | null | undefined {
  if (!nextDeadline) return openingAt;
  if (!openingAt) return nextDeadline;
  if (previousDeadline && openingAt.isSame(previousDeadline)) return nextDeadline;
  return openingAt;
}

/**
 * The contract's date rules (the server's own superRefine) on the form's values, for the form
 * field `name`: its first message, or undefined. Checked as the server checks a draft, with now
 * as the earliest publication.
 */
export function dateRuleMessage(
  values: TenderFormValues,
  name: 'bidDeadline' | 'openingAt' | 'docsWindow' | 'questionsUntil',
  now: number,
): string | undefined {
  if (!values.bidDeadline) return undefined;
  const [from, until] = values.docsWindow ?? [];
  const issues = tenderDateIssues(
    {
      bidDeadline: values.bidDeadline.toDate(),
      openingAt: values.openingAt?.toDate() ?? null,
      docsFrom: from?.toDate() ?? null,
      docsUntil: until?.toDate() ?? null,
      mandatory: values.mandatory ?? false,
      questionsUntil: values.questionsUntil?.toDate() ?? null,
    },
    { publication: new Date(now), now: new Date(now) },
  );
  return issues.find((issue) => formFieldOf(issue.field) === name)?.message;
}
