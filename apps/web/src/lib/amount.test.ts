import { describe, expect, it } from 'vitest';
import { amountFormatter, amountParser, formatAmount, formatMoney } from './amount';

describe('amounts', () => {
  it('formats with thousands separators and two decimals', () => {
    expect(formatAmount(1234567.5)).toBe('1,234,567.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(999)).toBe('999.00');
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount(-1234.5)).toBe('-1,234.50');
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(98765432109.999)).toBe('98,765,432,110.00');
    expect(formatMoney(1150000, 'CNY')).toBe('¥1,150,000.00');
    expect(formatMoney(12.3, 'USD')).toBe('$12.30');
    expect(formatMoney(1, 'GBP')).toBe('1.00 GBP');
  });

  it('rounds and separates as Intl.NumberFormat does, without it', () => {
    const intl = (value: number) =>
      value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    let seed = 20261126;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const values = [1.005, 2.675, 0.125, 5688699691693.1045, 1e-7, 1e21, 9e15 + 2];
    for (let i = 0; i < 5000; i++) {
      const value = random() * 10 ** Math.floor(random() * 14) * (random() < 0.2 ? -1 : 1);
      values.push(i % 2 ? value : Math.round(value * 1000) / 1000);
    }
    // Except that a negative amount which rounds to nothing shows as 0.00, not Intl's -0.00.
    for (const value of values) {
      expect(formatAmount(value), String(value)).toBe(intl(value).replace(/^-(0\.00)$/, '$1'));
    }
  });

  it('shows and reads separators in the input', () => {
    expect(amountFormatter(1234567.89)).toBe('1,234,567.89');
    expect(amountFormatter(undefined)).toBe('');
    expect(Number(amountParser('1,234,567.89'))).toBe(1234567.89);
  });
});
