import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bidApi, type OpeningRecord, type UserMenu } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { OpeningTab } from './OpeningTab';
import type { TenderRef } from './tender-ref';
import { mockRequest } from '@/test/request-stub';
import { setUserMenu } from '@/stores/session';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 60_000 });

const MINUTE = 60_000;
const tender: TenderRef = {
  id: 5,
  tenderNo: 'ZB-2026-0005',
  title: '储能 EMS 采购',
  budget: 1_000_000,
  currency: 'CNY',
  bidDeadline: new Date(Date.now() - 20 * MINUTE).toISOString(),
  openingAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
  status: 'opening',
  sealMode: 'bidder',
  decryptUntil: new Date(Date.now() + 20 * MINUTE).toISOString(),
};
const ceremony = (patch: Partial<bidApi.OpeningCeremony> = {}): bidApi.OpeningCeremony => ({
  tenderId: 5,
  startedAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
  decryptUntil: new Date(Date.now() + 20 * MINUTE).toISOString(),
  extendedMinutes: null,
  extendReason: null,
  bids: [
    {
      bidId: 1,
      lotId: 1,
      supplierId: 11,
      supplierName: '华电设备有限公司',
      decryptedAt: new Date().toISOString(),
    },
    { bidId: 2, lotId: 1, supplierId: 12, supplierName: '国能电气股份公司', decryptedAt: null },
  ],
  canFinish: false,
  ...patch,
});
let current = ceremony();

beforeAll(() => stubBrowserLayout(1440));
beforeEach(() => {
  resetServerClock(0, Date.now());
  // The manager holds tender:open (the console's buttons).
  setUserMenu({ menuList: [], realName: 'm', buttons: ['tender:open'] } as unknown as UserMenu);
  current = ceremony();
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === bidApi.getOpeningCeremony) return current;
    if (route === bidApi.extendDecryption) {
      const { minutes, reason } = input as { minutes: number; reason: string };
      current = ceremony({ extendedMinutes: minutes, extendReason: reason });
      return current;
    }
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const callsTo = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);

describe('the bidder-mode opening console', () => {
  it('shows who has decrypted, never a price, and finishes only when allowed', async () => {
    renderWithApp(<OpeningTab tender={tender} />);
    expect(await screen.findByText('不见面开标进行中')).toBeTruthy();
    expect(screen.getByText('已解密 1 / 2 份')).toBeTruthy();
    expect(screen.getByText('已解密')).toBeTruthy();
    expect(screen.getByText('待解密')).toBeTruthy();
    expect(screen.getByTestId('ceremony-countdown').textContent).toMatch(/\d{2}分/);
    expect(document.body.textContent).not.toMatch(/¥|元/);
    const finish = screen.getByRole('button', { name: /结束解密并生成开标记录/ });
    expect(finish.hasAttribute('disabled')).toBe(true);
  });

  it('finishes before the window ends once every bid is decrypted', async () => {
    current = ceremony({
      bids: ceremony().bids.map((bid) => ({ ...bid, decryptedAt: new Date().toISOString() })),
      canFinish: true,
    });
    const route = requestMock.getMockImplementation()!;
    // The finish is pending while the test looks: what it sent is what matters here.
    requestMock.mockImplementation((called, input) =>
      called === bidApi.finishOpening ? new Promise(() => {}) : route(called, input),
    );
    renderWithApp(<OpeningTab tender={tender} />);
    expect(await screen.findByText('已解密 2 / 2 份')).toBeTruthy();
    expect(screen.getByTestId('ceremony-countdown').textContent).toMatch(/\d{2}分/);
    const finish = screen.getByRole('button', { name: /结束解密并生成开标记录/ });
    expect(finish.hasAttribute('disabled')).toBe(false);
    fireEvent.click(finish);
    expect(await screen.findByText('全部投标已解密。开标记录生成后不可修改。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '结束解密' }));
    await waitFor(() =>
      expect(callsTo(bidApi.finishOpening)).toEqual([[bidApi.finishOpening, { id: 5 }]]),
    );
  });

  it('groups the bids by lot on a tender of several lots', async () => {
    const lot = (lotId: number, lotNo: number, name: string) => ({
      lotId,
      lotNo,
      name,
      budget: 500_000,
      priceCeiling: null,
      minBids: 1,
      bidBond: 0,
      quantity: null,
      description: '',
      status: 'opening' as const,
    });
    current = ceremony({
      bids: [
        { bidId: 3, lotId: 2, supplierId: 11, supplierName: '华电设备有限公司', decryptedAt: null },
        { bidId: 1, lotId: 1, supplierId: 11, supplierName: '华电设备有限公司', decryptedAt: null },
        { bidId: 2, lotId: 1, supplierId: 12, supplierName: '国能电气股份公司', decryptedAt: null },
      ],
    });
    renderWithApp(
      <OpeningTab tender={{ ...tender, lots: [lot(1, 1, 'PCS'), lot(2, 2, '电池舱')] }} />,
    );
    expect((await screen.findAllByRole('columnheader', { name: '标段' })).length).toBeGreaterThan(
      0,
    );
    // Each lot named once over its bids, the bids in lot order.
    expect(screen.getAllByText(/^标段 \d：/).map((cell) => cell.textContent)).toEqual([
      '标段 1：PCS',
      '标段 2：电池舱',
    ]);
    expect(
      screen.getAllByText(/^(华电设备有限公司|国能电气股份公司)$/).map((cell) => cell.textContent),
    ).toEqual(['华电设备有限公司', '国能电气股份公司', '华电设备有限公司']);
  });

  it('extends the window once, with minutes and a reason', async () => {
    renderWithApp(<OpeningTab tender={tender} />);
    fireEvent.click(await screen.findByRole('button', { name: '延长解密时间' }));
    const dialog = await screen.findByRole('dialog', { name: '延长解密时间' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认延长' }));
    expect(
      await within(dialog).findByText(/延长理由/, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(callsTo(bidApi.extendDecryption)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('延长理由'), {
      target: { value: '投标人网络中断' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认延长' }));
    await waitFor(() => expect(callsTo(bidApi.extendDecryption)).toHaveLength(1));
    expect(callsTo(bidApi.extendDecryption)[0]![1]).toEqual({
      id: 5,
      minutes: 15,
      reason: '投标人网络中断',
    });
    expect(await screen.findByText('已延长 15 分钟：投标人网络中断')).toBeTruthy();
    expect(screen.getByRole('button', { name: '延长解密时间' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});

describe('the opening record with confirmations', () => {
  const record: OpeningRecord = {
    tenderId: 5,
    tenderNo: 'ZB-2026-0005',
    title: '储能 EMS 采购',
    lots: [{ lotId: 1, lotNo: 1, name: '储能 EMS', minBids: 3, validCount: 2, failed: false }],
    openedAt: new Date().toISOString(),
    openedByName: '张经理',
    entries: [11, 12, 13].map((supplierId, i) => ({
      bidId: i + 1,
      lotId: 1,
      supplierId,
      supplierName: ['华电设备有限公司', '国能电气股份公司', '远景能源'][i]!,
      totalPrice: i === 2 ? null : 900_000 + i * 10_000,
      totalPriceInWords: null,
      currency: 'CNY',
      deliveryDays: 30,
      warrantyMonths: 24,
      submittedAt: new Date().toISOString(),
      revision: 1,
      digest: 'ab'.repeat(32),
      nonce: 'cd'.repeat(32),
      valid: i !== 2,
      invalidReason: i === 2 ? '解密失败（投标人未在解密时间内解密）' : null,
      decryptedAt: i === 2 ? null : new Date().toISOString(),
    })),
    validCount: 2,
    minBids: 2,
    failed: false,
    sealMode: 'bidder',
    decryption: {
      startedAt: new Date().toISOString(),
      until: new Date().toISOString(),
      extendedMinutes: 15,
      extendReason: '网络中断',
    },
    confirmUntil: new Date(Date.now() + 30 * MINUTE).toISOString(),
    confirmations: [
      {
        supplierId: 11,
        supplierName: '华电设备有限公司',
        agree: true,
        objection: null,
        confirmedAt: new Date().toISOString(),
        answer: null,
        answeredAt: null,
      },
      {
        supplierId: 12,
        supplierName: '国能电气股份公司',
        agree: false,
        objection: '我司报价大写有误',
        confirmedAt: new Date().toISOString(),
        answer: null,
        answeredAt: null,
      },
    ],
  };

  it('shows 解密失败, each confirmation, and answers an objection', async () => {
    requestMock.mockImplementation(async (route, input) => {
      if (route === publicRoutes.systemInfo)
        return { title: 't', serverTime: new Date().toISOString() };
      if (route === bidApi.getOpeningRecord) return record;
      if (route === bidApi.answerOpeningObjection)
        return { ...record.confirmations[1]!, answer: (input as { answer: string }).answer };
      throw new Error(`unexpected call ${route.path}`);
    });
    renderWithApp(<OpeningTab tender={{ ...tender, status: 'opened', decryptUntil: null }} />);
    expect(await screen.findByText('投标人确认')).toBeTruthy();
    expect(screen.getByText('解密失败')).toBeTruthy();
    expect(screen.getByText('延长 15 分钟：网络中断')).toBeTruthy();
    expect(screen.getByText('已确认')).toBeTruthy();
    expect(screen.getByText('有异议待答复')).toBeTruthy();
    expect(screen.getByText('待确认')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /答\s*复/ }));
    const dialog = await screen.findByRole('dialog', { name: /答复 国能电气股份公司 的异议/ });
    fireEvent.change(within(dialog).getByLabelText('答复内容'), {
      target: { value: '已核对，大写无误' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交答复' }));
    await waitFor(() =>
      expect(callsTo(bidApi.answerOpeningObjection)[0]?.[1]).toEqual({
        tenderId: 5,
        supplierId: 12,
        answer: '已核对，大写无误',
      }),
    );
  });
});
