import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { bidApi, type BiddableTender, type Receipt } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import {
  fromBase64,
  newContentKey,
  openQuotation,
  sealQuotation,
  toBase64,
} from '@tender/contracts/bidder-sealing';
import { unwrapInBrowser } from '@/lib/bid-crypto-client';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { lotBidOf, myBidOf, receiptOf } from '../test-fixtures';
import { QuotationModal } from '../components/QuotationModal';
import { ReceiptModal } from '../components/ReceiptModal';
import { DecryptBidModal } from './DecryptBidModal';
import { makeEnvelope, type BidEnvelope } from './envelope';
import type { BidCopy } from '../receipt/bid-copy';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 60_000 });

const PASSPHRASE = 'Xin-2026-kaibiao!';
const bidderTender = (patch: Partial<BiddableTender> = {}) =>
  lotBidOf({ sealMode: 'bidder', ...patch });

beforeAll(() => stubBrowserLayout(1440));
beforeEach(() => {
  resetServerClock(0, Date.now());
  requestMock.mockReset();
});
afterEach(cleanup);

const callsTo = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);
const answer = (handlers: Map<unknown, (input: never) => unknown>) =>
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    const handler = handlers.get(route);
    if (!handler) throw new Error(`unexpected call ${route.path}`);
    return handler(input as never);
  });

describe('the bidder-mode quotation form', () => {
  it('seals in the browser: the body carries no price, the sealed part opens with the passphrase, the envelope holds the key', async () => {
    answer(new Map([[bidApi.submitBid, () => receiptOf({ revision: 1 })]]));
    const onSubmitted = vi.fn<(receipt: Receipt, copy: BidCopy, envelope?: BidEnvelope) => void>();
    renderWithApp(
      <QuotationModal tender={bidderTender()} onClose={() => {}} onSubmitted={onSubmitted} />,
    );
    expect(await screen.findByText('投标人加密（不见面开标）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('投标总价'), { target: { value: '980000.5' } });
    fireEvent.change(screen.getByLabelText('交货期（天）'), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText('质保期（月）'), { target: { value: '24' } });
    fireEvent.change(screen.getByLabelText('解密口令'), { target: { value: PASSPHRASE } });
    fireEvent.change(screen.getByLabelText('确认口令'), { target: { value: 'something-else' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('两次输入的口令不一致', {}, { timeout: 5000 })).toBeTruthy();
    expect(callsTo(bidApi.submitBid)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('确认口令'), { target: { value: PASSPHRASE } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    fireEvent.click(await screen.findByRole('button', { name: '确认提交' }, { timeout: 5000 }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled(), { timeout: 20_000 });

    const body = callsTo(bidApi.submitBid)[0]![1] as Record<string, unknown>;
    expect(body).not.toHaveProperty('totalPrice');
    expect(body).not.toHaveProperty('deliveryDays');
    expect(JSON.stringify(body)).not.toContain('980000');
    const sealed = bidApi.bidderSealed.parse(body.sealed);
    const key = await unwrapInBrowser(sealed, PASSPHRASE);
    expect(await openQuotation(sealed, key)).toMatchObject({
      totalPrice: 980000.5,
      deliveryDays: 40,
      warrantyMonths: 24,
      fileIds: [],
    });
    // The browser's own copy: what it sealed, for the 回执 (the server cannot echo it).
    expect(onSubmitted.mock.calls[0]![1].quotation).toMatchObject({
      totalPrice: '980000.50',
      deliveryDays: 40,
    });
    const envelope = onSubmitted.mock.calls[0]![2]!;
    expect(envelope).toMatchObject({ tenderId: 1, bidId: 7, revision: 1 });
    expect(envelope.contentKey).toBe(toBase64(key));
  });

  it('offers the 密码信封 on the receipt, with the warning to keep it offline', async () => {
    const envelope = makeEnvelope(newContentKey(), bidderTender(), receiptOf());
    renderWithApp(
      <ReceiptModal
        kept={{ receipt: receiptOf(), tender: bidderTender() }}
        envelope={envelope}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('请下载并离线保存密码信封')).toBeTruthy();
    expect(screen.getByText(/请离线保存/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载密码信封/ })).toBeTruthy();
  });
});

describe('decrypting at the opening', () => {
  const decryptUntil = new Date(Date.now() + 20 * 60_000).toISOString();
  const tender = bidderTender({ status: 'opening', decryptUntil });
  const bid = myBidOf({ totalPrice: null, revision: 2 });
  let contentKey: Uint8Array<ArrayBuffer>;
  let sealed: bidApi.BidderSealed;

  beforeEach(async () => {
    contentKey = newContentKey();
    sealed = await sealQuotation(
      { totalPrice: 980000, currency: 'CNY', deliveryDays: 40, warrantyMonths: 24, fileIds: [] },
      contentKey,
      PASSPHRASE,
      1000,
    );
    answer(
      new Map<unknown, (input: never) => unknown>([
        [
          bidApi.getMySealedBid,
          () => ({ bidId: 7, tenderId: 1, revision: 2, digest: 'd', sealed, fileIds: [] }),
        ],
        [
          bidApi.decryptBid,
          () => ({
            bidId: 7,
            decryptedAt: new Date().toISOString(),
            digestVerified: true,
            valid: true,
            invalidReason: null,
          }),
        ],
      ]),
    );
  });

  it('shows the countdown; a wrong passphrase is said at once and nothing is sent; the right one sends the key', async () => {
    renderWithApp(<DecryptBidModal tender={tender} bid={bid} onClose={() => {}} />);
    expect((await screen.findByTestId('decrypt-countdown')).textContent).toMatch(/解密剩余 \d/);
    fireEvent.change(screen.getByLabelText('投标解密口令'), { target: { value: 'not-it-at-all' } });
    fireEvent.click(screen.getByRole('button', { name: /解\s*密/ }));
    expect(
      await screen.findByText(
        /口令不正确，请重新输入。未向服务器发送任何内容/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(callsTo(bidApi.decryptBid)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('投标解密口令'), { target: { value: PASSPHRASE } });
    fireEvent.click(screen.getByRole('button', { name: /解\s*密/ }));
    expect(await screen.findByText('解密成功', {}, { timeout: 10_000 })).toBeTruthy();
    expect(callsTo(bidApi.decryptBid)[0]![1]).toEqual({
      bidId: 7,
      lotId: 1,
      contentKey: toBase64(contentKey),
    });
  });

  const pickEnvelope = (envelope: object) => {
    fireEvent.click(screen.getByText('使用密码信封'));
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const file = new File([JSON.stringify(envelope)], 'envelope.json', {
      type: 'application/json',
    });
    fireEvent.change(input, { target: { files: [file] } });
  };

  it("refuses another tender's envelope and an older revision's, sending nothing", async () => {
    renderWithApp(<DecryptBidModal tender={tender} bid={bid} onClose={() => {}} />);
    await screen.findByTestId('decrypt-countdown');
    pickEnvelope(
      makeEnvelope(
        contentKey,
        { id: 99, tenderNo: 'ZB-2026-0099', title: '别的项目' },
        receiptOf(),
      ),
    );
    await screen.findByTestId('envelope-picked');
    fireEvent.click(screen.getByRole('button', { name: /解\s*密/ }));
    expect(
      await screen.findByText(/属于另一个招标项目（ZB-2026-0099）/, {}, { timeout: 5000 }),
    ).toBeTruthy();

    pickEnvelope(makeEnvelope(newContentKey(), tender, receiptOf({ revision: 1 })));
    await waitFor(() =>
      expect(screen.getByTestId('envelope-picked').textContent).toContain('ZB-2026-0001'),
    );
    fireEvent.click(screen.getByRole('button', { name: /解\s*密/ }));
    expect(
      await screen.findByText(/第 1 版投标的，不能解密当前的第 2 版/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(callsTo(bidApi.decryptBid)).toHaveLength(0);
  });

  it('decrypts with the right envelope, without the passphrase', async () => {
    renderWithApp(<DecryptBidModal tender={tender} bid={bid} onClose={() => {}} />);
    await screen.findByTestId('decrypt-countdown');
    pickEnvelope(makeEnvelope(contentKey, tender, receiptOf({ revision: 2 })));
    await screen.findByTestId('envelope-picked');
    fireEvent.click(screen.getByRole('button', { name: /解\s*密/ }));
    expect(await screen.findByText('解密成功', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      fromBase64((callsTo(bidApi.decryptBid)[0]![1] as { contentKey: string }).contentKey),
    ).toEqual(contentKey);
  });
});
