import { useMutation } from '@tanstack/react-query';
import { tenderApi, type RouteInput } from '@tender/contracts';
import { download } from '@/lib/request';

export type TenderExportFilters = RouteInput<typeof tenderApi.exportTtender>;

export const exportTenders = (filters: TenderExportFilters) =>
  download(tenderApi.exportTtender, filters, '招标列表.xlsx');

/** Downloads the tenders matching the current filters as an .xlsx file. */
export const useExportTenders = () => useMutation({ mutationFn: exportTenders });
