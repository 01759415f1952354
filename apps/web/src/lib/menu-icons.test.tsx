import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuIcon } from './menu-icons';

describe('MenuIcon', () => {
  it('draws a known icon', () => {
    const { container } = render(<MenuIcon name="BankOutlined" />);
    expect(container.querySelector('[aria-label="bank"]')).not.toBeNull();
  });

  it('draws nothing, and does not throw, for names that live on every object’s prototype', () => {
    for (const name of ['hasOwnProperty', 'constructor', '__proto__', 'toString', 'unknown']) {
      const { container } = render(<MenuIcon name={name} />);
      expect(container.innerHTML).toBe('');
    }
  });
});
