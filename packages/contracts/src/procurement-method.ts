/*
 * The procurement methods (采购方式) a tender may use, and what each implies. The contract's
 * enum, the database column, the screens' selects and tags, the export and the server's
 * sign-up and bid checks all read this list: a new method is one entry here. No zod, so the
 * public search page can show a method without loading the schemas.
 */

export interface ProcurementMethodTraits {
  /** How screens, exports and messages name it. */
  label: string;
  /** antd tag colour. */
  color: string;
  /** Only the companies invited to the tender may see it, sign up and bid. */
  restrictsToInvitees: boolean;
}

export const PROCUREMENT_METHODS = {
  open: { label: '公开招标', color: 'blue', restrictsToInvitees: false },
  invited: { label: '邀请招标', color: 'purple', restrictsToInvitees: true },
} as const satisfies Record<string, ProcurementMethodTraits>;

export type ProcurementMethod = keyof typeof PROCUREMENT_METHODS;

/** The codes in the list's order (a tuple, as zod's and drizzle's enums want). */
export const PROCUREMENT_METHOD_CODES = Object.keys(PROCUREMENT_METHODS) as [
  ProcurementMethod,
  ...ProcurementMethod[],
];

/** What a new tender gets; lists tag every tender of another method. */
export const DEFAULT_PROCUREMENT_METHOD: ProcurementMethod = 'open';

export const procurementMethodLabel = (method: ProcurementMethod) =>
  PROCUREMENT_METHODS[method].label;

export const restrictsToInvitees = (method: ProcurementMethod) =>
  PROCUREMENT_METHODS[method].restrictsToInvitees;

/** For selects, radio groups and filters. */
export const PROCUREMENT_METHOD_OPTIONS = PROCUREMENT_METHOD_CODES.map((value) => ({
  value,
  label: procurementMethodLabel(value),
}));
