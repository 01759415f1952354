import type { RouteInput, tenderApi } from '@tender/contracts';
import type { z } from 'zod';
import { PROCUREMENT_METHOD_CODES } from '@tender/contracts/procurement-method';
import { TENDER_STATUS_OPTIONS } from '@/components/tender-status';
import { listQuery, oneOf, pageFields, text } from '@/lib/list-query';

// A module of its own, without react-query or Ant Design: the guard reads a first visit's URL
// with it to ask for the list with the menu (app/ask-early.ts), from the main bundle.

export type TenderListQuery = RouteInput<typeof tenderApi.listTtender>;

/** `tenderApi.listTtender.query` without zod (listTenderQuery in the contract). */
export const tenderListQuery = listQuery<
  z.output<NonNullable<(typeof tenderApi.listTtender)['query']>>
>({
  ...pageFields,
  keyword: text(100),
  category: text(50),
  status: oneOf(TENDER_STATUS_OPTIONS.map((option) => option.value)),
  procurementMethod: oneOf(PROCUREMENT_METHOD_CODES),
});
