import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POWER_ICON_NAMES } from '@tender/contracts';
import { MENU_ICON_NAMES, MenuIcon } from './menu-icons';

describe('MenuIcon', () => {
  it('draws a known icon, in its own box while it loads', async () => {
    const { container } = render(<MenuIcon name="BankOutlined" />);
    expect(container.querySelector('.anticon-bank[aria-label="bank"] svg')).not.toBeNull();
    await waitFor(() =>
      expect(container.querySelector('[aria-label="bank"] svg path')).not.toBeNull(),
    );
  });

  it('draws nothing, and does not throw, for names that live on every object’s prototype', () => {
    for (const name of ['hasOwnProperty', 'constructor', '__proto__', 'toString', 'unknown']) {
      const { container } = render(<MenuIcon name={name} />);
      expect(container.innerHTML).toBe('');
    }
  });

  it('offers the contract’s icon names, in its order', () => {
    expect(MENU_ICON_NAMES).toEqual(POWER_ICON_NAMES);
  });
});
