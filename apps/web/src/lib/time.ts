import { formatDate } from '@tender/contracts/format';
import { serverNow } from './server-clock';

// Deadlines and times people read are written as the server writes them (Beijing, to the
// minute): one formatter, packages/contracts/src/format.ts. What follows is the web's own.
export { formatDate, formatDateTime } from '@tender/contracts/format';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

export type TimeInput = Date | number | string | null | undefined;

/**
 * Formats a time with `{y} {m} {d} {h} {i} {s} {a}` placeholders (the original template's helper).
 * Numeric strings are numbers, 10-digit numbers are seconds; falsy input gives null.
 */
export function parseTime(time: TimeInput, format = '{y}-{m}-{d} {h}:{i}:{s}'): string | null {
  if (!time) return null;
  let date: Date;
  if (typeof time === 'object') {
    date = time;
  } else {
    let value: string | number = time;
    if (typeof value === 'string') {
      // The original swapped '-' for '/' (Safari cannot parse "2024-01-02 10:00"); ISO strings
      // with a 'T' parse natively and would break with the swap.
      if (/^[0-9]+$/.test(value)) value = parseInt(value, 10);
      else if (!value.includes('T')) value = value.replace(/-/g, '/');
    }
    if (typeof value === 'number' && value.toString().length === 10) value = value * 1000;
    date = new Date(value);
  }
  const fields: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return format.replace(/{([ymdhisa])+}/g, (_match, key: string) => {
    const value = fields[key] ?? 0;
    if (key === 'a') return WEEKDAYS[value] ?? '';
    return value.toString().padStart(2, '0');
  });
}

/**
 * A relative time in Chinese: 刚刚, N分钟前, N小时前, 1天前, then the date. Counted from the
 * server's now, as countdowns are: a browser clock running behind would call weeks-old news 刚刚.
 */
export function formatTime(time: number | string, format?: string, now = serverNow()): string {
  const ms = String(time).length === 10 ? parseInt(String(time), 10) * 1000 : +time;
  const date = new Date(ms);
  const diff = (now - ms) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 3600 * 24) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 3600 * 24 * 2) return '1天前';
  if (format) return parseTime(ms, format) ?? '';
  return `${date.getMonth() + 1}月${date.getDate()}日${date.getHours()}时${date.getMinutes()}分`;
}

const pluralize = (count: number, label: string) =>
  count === 1 ? `${count}${label}` : `${count}${label}s`;

/** How long ago a time given in seconds was, in whole minutes, hours or days. */
export function timeAgo(seconds: number | string, now = serverNow()): string {
  const between = now / 1000 - Number(seconds);
  if (between < 3600) return pluralize(Math.floor(between / 60), ' minute');
  if (between < 86400) return pluralize(Math.floor(between / 3600), ' hour');
  return pluralize(Math.floor(between / 86400), ' day');
}

/** A time within two days as 刚刚 / 3小时前 / 1天前, an older one as its day: short and scannable. */
export function formatRecent(iso: string | null | undefined, now = serverNow()): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  return now - at < 2 * 86_400_000 ? formatTime(at, undefined, now) : formatDate(iso);
}
