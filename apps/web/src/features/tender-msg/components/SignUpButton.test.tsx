import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { tenderApi, type Lot } from '@tender/contracts';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { SignUpButton } from './SignUpButton';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

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

  describe('on a tender of several lots', () => {
    const lot = (lotId: number, lotNo: number, name: string): Lot => ({
      lotId,
      lotNo,
      name,
      budget: 100000,
      priceCeiling: null,
      minBids: 3,
      bidBond: 0,
      quantity: null,
      description: '',
      status: 'published',
    });
    const lots = [lot(21, 1, '箱式变电站'), lot(22, 2, '环网柜'), lot(23, 3, '电缆')];

    it('lets the company choose its lots (all at first) and sends lotIds', async () => {
      renderWithApp(<SignUpButton tenderId={3} participation={open} lots={lots} />);
      fireEvent.click(screen.getByRole('button', { name: /报\s*名/ }));
      const boxes = await screen.findAllByRole('checkbox');
      expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true]);
      fireEvent.click(screen.getByLabelText('标段 2：环网柜'));
      fireEvent.click(screen.getByRole('button', { name: /确认报名/ }));
      await waitFor(() =>
        expect(requestMock).toHaveBeenCalledWith(tenderApi.addSupplyTtender, {
          tenderId: 3,
          lotIds: '21,23',
        }),
      );
    });

    it('shows the lots signed up for and adds the others later', async () => {
      renderWithApp(
        <SignUpButton
          tenderId={3}
          participation={{
            ...open,
            signedUp: true,
            signedUpAt: '2026-11-20T02:00:00Z',
            lotIds: [21],
          }}
          lots={lots}
        />,
      );
      expect(screen.getByTestId('signed-up-lots').textContent).toBe('已报标段：标段 1');
      fireEvent.click(screen.getByRole('button', { name: /增报标段/ }));
      const boxes = await screen.findAllByRole('checkbox');
      expect(boxes).toHaveLength(2);
      fireEvent.click(screen.getByRole('button', { name: /确认增报/ }));
      await waitFor(() =>
        expect(requestMock).toHaveBeenCalledWith(tenderApi.addSupplyTtender, {
          tenderId: 3,
          lotIds: '22,23',
        }),
      );
      expect(await screen.findByText('已增报 2 个标段')).toBeTruthy();
    });
  });
});
