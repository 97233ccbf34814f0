/**
 * Access tokens: `base64url(JSON claims) "." base64url(HMAC-SHA256(secret, first part))`. Stateless; verifying
 * one is an HMAC and a JSON.parse, remembered per token string (a token's claims never change), so a client's
 * later requests cost a map lookup and the expiry check. The session they belong to (`sid`, the refresh-token
 * family) is checked against a short in-process cache by the auth plugin.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session id: the refresh-token family. */
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** 'password': the token may only change the password (forced change, -16001). */
  scope?: 'password';
}

export type VerifiedAccess =
  { status: 'valid'; claims: AccessClaims } | { status: 'expired'; claims: AccessClaims } | { status: 'invalid' };

function isClaims(value: unknown): value is AccessClaims {
  if (value === null || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    typeof c.sid === 'string' &&
    typeof c.exp === 'number' &&
    (c.scope === undefined || c.scope === 'password')
  );
}

/** Tokens whose signature has been checked, oldest dropped first beyond this many. */
const VERIFIED_TOKENS_KEPT = 10_000;

export class AccessTokens {
  private readonly verified = new Map<string, AccessClaims>();

  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  issue(userId: string, sessionId: string, scope?: 'password'): string {
    const claims: AccessClaims = {
      sub: userId,
      sid: sessionId,
      exp: Math.floor(this.now().getTime() / 1000) + this.ttlSeconds,
    };
    if (scope) claims.scope = scope;
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  verify(token: string): VerifiedAccess {
    const claims = this.verified.get(token) ?? this.checkSignature(token);
    if (!claims) return { status: 'invalid' };
    if (this.now().getTime() / 1000 >= claims.exp) return { status: 'expired', claims };
    return { status: 'valid', claims };
  }

  /** The claims of a well-formed, correctly signed token (remembered), else null. */
  private checkSignature(token: string): AccessClaims | null {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 1024) return null;
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = createHmac('sha256', this.secret).update(body).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!isClaims(claims)) return null;
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, Object.freeze(claims));
    return claims;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
