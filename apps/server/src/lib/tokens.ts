import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { systemClock, type Clock } from './clock.js';
import { TokenExpired, TokenInvalid } from './errors.js';

export interface TokenClaims {
  roleId: number;
  userId: number;
  /** The user's token version when issued; a later version revokes it. */
  tv: number;
  jti: string;
  exp: number;
}

/**
 * How many verified tokens are remembered. A token's signature and claims never change, so a
 * token seen before skips the HMAC (Web Crypto's asynchronous verify was ~12 % of a listed
 * page's CPU); only its expiry is checked again. Revocation is not the token's business: it
 * is checked at every request against the access cache.
 */
const VERIFIED_TOKENS = 5_000;

/**
 * `clock` times a token's whole life — issue, expiry and how long a revocation is kept — so
 * the three never disagree. The app passes the real clock: a test clock moved forward for
 * deadlines must not keep a revoked token alive (or expire a live session) in a browser test.
 */
export function createTokenService(secret: string, ttlSeconds: number, clock: Clock = systemClock) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const verified = new Map<string, TokenClaims>();
  // Imported once: handing jose the raw bytes would import the key again on every verification.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    ttlSeconds,
    /** The time on the tokens' clock, for expiring the record of revoked tokens. */
    now: () => clock.now(),
    async issue(claims: { roleId: number; userId: number; tv: number }) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(randomUUID())
        .setIssuedAt(nowSeconds())
        .setExpirationTime(nowSeconds() + ttlSeconds)
        .sign(await key);
    },
    /** Only HS256 with our key passes: `alg: none` and any other algorithm are refused. */
    async verify(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.exp <= nowSeconds()) {
          verified.delete(token);
          throw new TokenExpired();
        }
        return known;
      }
      let claims: TokenClaims;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        const { roleId, userId, tv, jti, exp } = payload as Partial<TokenClaims>;
        if (![roleId, userId, tv, exp].every(Number.isInteger) || typeof jti !== 'string') {
          throw new TokenInvalid();
        }
        claims = { roleId, userId, tv, jti, exp } as TokenClaims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new TokenExpired();
        throw new TokenInvalid();
      }
      // The oldest entry goes first (a Map keeps insertion order).
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** The original client sends the bare token; `Bearer ` is accepted too. */
export const stripBearer = (header: string) => header.replace(/^Bearer\s+/i, '').trim();
