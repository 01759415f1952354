import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenExpired, TokenInvalid } from './errors.js';
import { createTokenService } from './tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

describe('token verification', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the same claims for a token seen before', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.issue({ roleId: 2, userId: 7, tv: 3 });
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ roleId: 2, userId: 7, tv: 3 });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.issue({ roleId: 2, userId: 7, tv: 0 });
    await tokens.verify(token);
    vi.setSystemTime(Date.now() + 61_000);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(TokenExpired);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(TokenExpired);
  });

  it('refuses a token altered after a valid one was remembered', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.issue({ roleId: 2, userId: 7, tv: 0 });
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, roleId: 1 })).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(
      TokenInvalid,
    );
  });

  it('refuses a token signed with another key', async () => {
    const ours = createTokenService(SECRET, 60);
    const theirs = createTokenService(`${SECRET}-other`, 60);
    const token = await theirs.issue({ roleId: 1, userId: 1, tv: 0 });
    await expect(ours.verify(token)).rejects.toBeInstanceOf(TokenInvalid);
  });
});
