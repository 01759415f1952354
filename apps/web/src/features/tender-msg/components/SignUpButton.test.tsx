import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { SignUpButton } from './SignUpButton';

vi.mock('@/lib/request', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request: vi.fn(),
}));
const requestMock = vi.mocked(request);

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockResolvedValue({
    signedUp: true,
    alreadySignedUp: false,
    signedUpAt: '2026-11-20T02:00:00Z',
  });
});
afterEach(cleanup);

const open = {
  signedUp: false,
  signedUpAt: null,
  signUpRefusal: null,
  amendmentCount: 0,
  lotIds: [],
};

describe('报名', () => {
  it('is disabled with the refusal as its reason', () => {
    const refusal = '贵公司尚在审核中，审核通过后才能报名';
    renderWithApp(
      <SignUpButton tenderId={3} participation={{ ...open, signUpRefusal: refusal }} />,
    );
    const button = screen.getByRole('button', { name: /报\s*名/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('signup-refusal').textContent).toBe(refusal);
    fireEvent.click(button);
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('signs the company up', async () => {
    renderWithApp(<SignUpButton tenderId={3} participation={open} />);
    fireEvent.click(screen.getByRole('button', { name: /报\s*名/ }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(tenderApi.addSupplyTtender, { tenderId: 3 }),
    );
    expect(await screen.findByText('报名成功，可下载招标文件')).toBeTruthy();
  });

  it('shows 已报名 and when once signed up', () => {
    renderWithApp(
      <SignUpButton
        tenderId={3}
        participation={{ ...open, signedUp: true, signedUpAt: '2026-11-20T02:00:00Z' }}
      />,
    );
    expect(screen.getByText('已报名')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /报\s*名/ })).toBeNull();
  });
});
