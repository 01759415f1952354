import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, SIZE_OPTIONS, antdSizeOf, isAppSize } from './size';

describe('size mapping', () => {
  it('maps the four original sizes onto Ant Design sizes, mini being small and compact', () => {
    expect(antdSizeOf('default')).toEqual({ componentSize: 'large', compact: false });
    expect(antdSizeOf('medium')).toEqual({ componentSize: 'middle', compact: false });
    expect(antdSizeOf('small')).toEqual({ componentSize: 'small', compact: false });
    expect(antdSizeOf('mini')).toEqual({ componentSize: 'small', compact: true });
  });

  it('defaults to medium and offers the sizes in the original order', () => {
    expect(DEFAULT_SIZE).toBe('medium');
    expect(SIZE_OPTIONS.map((o) => o.value)).toEqual(['default', 'medium', 'small', 'mini']);
  });

  it('accepts only known sizes from the cookie', () => {
    expect(isAppSize('mini')).toBe(true);
    expect(isAppSize('large')).toBe(false);
    expect(isAppSize(undefined)).toBe(false);
  });
});
