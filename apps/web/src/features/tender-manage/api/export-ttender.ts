import { useMutation } from '@tanstack/react-query';
import type { RouteInput, tenderApi } from '@tender/contracts';
import { tenderRoutes } from '@/lib/routes';
import { download } from '@/lib/request';

export type TenderExportFilters = RouteInput<typeof tenderApi.exportTtender>;

export const exportTenders = (filters: TenderExportFilters) =>
  download(tenderRoutes.exportTtender, filters, '招标列表.xlsx');

/** Downloads the tenders matching the current filters as an .xlsx file. */
export const useExportTenders = () => useMutation({ mutationFn: exportTenders });
