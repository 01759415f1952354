import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SameAccountAlert } from './SameAccountAlert';

describe('SameAccountAlert', () => {
  afterEach(cleanup);

  it('names the suppliers whose bonds came from one account, with the account masked', () => {
    render(
      <SameAccountAlert
        warnings={[{ lotId: 3, account: '**** 2222', supplierNames: ['甲公司', '乙公司'] }]}
      />,
    );
    expect(screen.getByText('围标串标预警：投标保证金来自同一账户')).toBeTruthy();
    const text = screen.getByTestId('same-account-warnings').textContent!;
    expect(text).toContain('甲公司、乙公司');
    expect(text).toContain('**** 2222');
    expect(text).toContain('第四十条');
  });

  it('shows nothing when there is no warning', () => {
    const { container } = render(<SameAccountAlert warnings={[]} />);
    expect(container.innerHTML).toBe('');
    render(<SameAccountAlert warnings={undefined} />);
    expect(screen.queryByTestId('same-account-warnings')).toBeNull();
  });
});
