import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { TokenExpired, TokenInvalid } from './errors.js';

export interface TokenClaims {
  roleId: number;
  userId: number;
  /** The user's token version when issued; a later version revokes it. */
  tv: number;
  jti: string;
  exp: number;
}

export function createTokenService(secret: string, ttlSeconds: number) {
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
    async issue(claims: { roleId: number; userId: number; tv: number }) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },
    /** Only HS256 with our key passes: `alg: none` and any other algorithm are refused. */
    async verify(token: string): Promise<TokenClaims> {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const { roleId, userId, tv, jti, exp } = payload as Partial<TokenClaims>;
        if (![roleId, userId, tv, exp].every(Number.isInteger) || typeof jti !== 'string') {
          throw new TokenInvalid();
        }
        return { roleId, userId, tv, jti, exp } as TokenClaims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new TokenExpired();
        throw new TokenInvalid();
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** The original client sends the bare token; `Bearer ` is accepted too. */
export const stripBearer = (header: string) => header.replace(/^Bearer\s+/i, '').trim();
