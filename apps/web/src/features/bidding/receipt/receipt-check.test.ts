import { describe, expect, it } from 'vitest';
import type { OpeningEntry } from '@tender/contracts';
import { myBidOf } from '../test-fixtures';
import { normalDigest, quotationText, sha256Hex } from './receipt-check';

const entry = (patch: Partial<OpeningEntry> = {}): OpeningEntry => ({
  bidId: 7,
  lotId: 1,
  supplierId: 5,
  supplierName: '华能电气设备有限公司',
  totalPrice: 870000,
  totalPriceInWords: '捌拾柒万元整',
  currency: 'CNY',
  deliveryDays: 45,
  warrantyMonths: 24,
  submittedAt: '2026-03-01T02:00:00.000Z',
  revision: 2,
  digest: '',
  nonce: 'ab'.repeat(32),
  valid: true,
  invalidReason: null,
  decryptedAt: null,
  ...patch,
});

describe('验证回执', () => {
  it('builds the canonical text of docs/sealed-bids.md from the opened bid and the nonce', () => {
    const opened = myBidOf({
      status: 'opened',
      totalPrice: 870000,
      currency: 'CNY',
      deliveryDays: 45,
      warrantyMonths: 24,
      remark: '含运输与安装',
      fileIds: [12, 9],
    });
    expect(quotationText(7, opened, entry())).toBe(
      `{"currency":"CNY","deliveryDays":45,"fileIds":[12,9],"nonce":"${'ab'.repeat(32)}","remark":"含运输与安装","revision":2,"supplierId":5,"tenderId":7,"totalPrice":"870000.00","warrantyMonths":24}`,
    );
    // Nothing to recompute from a bid the opening could not read.
    expect(quotationText(7, myBidOf({ status: 'invalid' }), entry())).toBeNull();
  });

  it('digests with Web Crypto exactly as sha256sum does', async () => {
    // FIPS 180-2 vector, and a UTF-8 text (the remark is Chinese).
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256Hex('含运输与安装')).toBe(
      'dc7b36dff1eb4f176542184e4667049666d47f8d86d36ac82c7d9c24c8cf1b66',
    );
    expect(normalDigest(' AB cd\nEF ')).toBe('abcdef');
  });
});
