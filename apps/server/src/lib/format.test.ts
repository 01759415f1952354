import { describe, expect, it } from 'vitest';
import { formatDateCn, formatDateTime, formatMoney } from '@tender/contracts';

describe('what people read', () => {
  it('prints a time in Beijing time to the minute, whatever the zone of the server', () => {
    expect(formatDateTime(new Date('2026-12-23T03:00:00.000Z'))).toBe('2026-12-23 11:00');
    expect(formatDateTime('2026-12-31T16:05:59.999Z')).toBe('2027-01-01 00:05');
    expect(formatDateCn('2026-03-01T15:59:00Z')).toBe('2026年03月01日');
    expect(formatDateCn('2026-03-01T16:00:00Z')).toBe('2026年03月02日');
  });

  it('prints an amount with its currency sign and two decimals', () => {
    expect(formatMoney(3250000)).toBe('¥3,250,000.00');
    expect(formatMoney(1.5, 'USD')).toBe('$1.50');
  });
});
