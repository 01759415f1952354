import { useMutation } from '@tanstack/react-query';
import { admin, type RouteInput } from '@tender/contracts';
import { download } from '@/lib/request';

export type AdminExportFilters = RouteInput<typeof admin.exportAdmin>;

export const exportAdmins = (filters: AdminExportFilters) =>
  download(admin.exportAdmin, filters, '用户列表.xlsx');

/** Downloads the users matching the current filters as an .xlsx file. */
export const useExportAdmins = () => useMutation({ mutationFn: exportAdmins });
