import { parseTime } from '@/lib/time';

/** Server times are ISO 8601; screens show them as local 2026-03-01 09:30:00. */
export const formatDateTime = (iso: string | null | undefined) => parseTime(iso) ?? '—';

/** The same to the minute, for table columns where width is scarce. */
export const formatMinute = (iso: string | null | undefined) =>
  parseTime(iso, '{y}-{m}-{d} {h}:{i}') ?? '—';
