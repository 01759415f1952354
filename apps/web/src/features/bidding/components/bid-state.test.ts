import { describe, expect, it } from 'vitest';
import { biddableTenderOf, myBidOf } from '../test-fixtures';
import { mustDecrypt, quotingIsOver } from './bid-state';

const NOW = Date.parse('2026-03-02T02:00:00.000Z');
const opening = {
  sealMode: 'bidder',
  status: 'opening',
  decryptUntil: '2099-01-01T00:00:00Z',
} as const;

describe('mustDecrypt', () => {
  it('asks a bidder-mode supplier to decrypt its submitted bid while the window runs', () => {
    expect(mustDecrypt(biddableTenderOf({ ...opening, myBid: myBidOf() }), NOW)).toBe(true);
  });

  it('stops asking once the bid is decrypted, and never asks in server mode', () => {
    const decrypted = myBidOf({ decryptedAt: '2026-03-02T02:05:00.000Z' });
    expect(mustDecrypt(biddableTenderOf({ ...opening, myBid: decrypted }), NOW)).toBe(false);
    expect(
      mustDecrypt(biddableTenderOf({ ...opening, sealMode: 'server', myBid: myBidOf() }), NOW),
    ).toBe(false);
    expect(mustDecrypt(biddableTenderOf({ ...opening, myBid: null }), NOW)).toBe(false);
  });

  it('stops asking when the window has ended, though the manager has not finished yet', () => {
    const ended = { ...opening, decryptUntil: '2026-03-02T01:59:59.000Z' };
    expect(mustDecrypt(biddableTenderOf({ ...ended, myBid: myBidOf() }), NOW)).toBe(false);
  });
});

describe('quotingIsOver', () => {
  it('keeps the quote button until the opening begins, then drops it for good', () => {
    for (const status of ['published', 'closed'] as const)
      expect(quotingIsOver(biddableTenderOf({ status, myBid: myBidOf() }))).toBe(false);
    for (const status of ['opening', 'opened', 'awarded', 'failed'] as const)
      expect(quotingIsOver(biddableTenderOf({ status, myBid: myBidOf() }))).toBe(true);
  });
});
