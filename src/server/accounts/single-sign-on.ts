/**
 * Single sign-on from an external identity provider (spec section 4): the provider sends the browser to
 * /app/cas?token=<ticket>, the page posts the ticket to POST /api/pub/cas/exchange and gets the usual token pair.
 *
 * Ticket: `${base64url(JSON {sub, iat, exp, jti})}.${base64url(HMAC-SHA256(secret, firstPart))}`, where `sub` is
 * the login name, `iat`/`exp` seconds since the epoch with exp - iat <= 300, and `jti` a unique id (up to 128
 * characters) that is accepted once (table sso_ticket_used). The secret is PORTAL_SSO_SECRET, or one generated
 * and kept in app_key (scripts/sso-ticket.ts mints tickets with it).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { TokenPair } from '../../shared/envelope.js';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import type { Authentication } from './authentication.js';
import type { SessionClient } from './sessions.js';
import type { Users } from './users.js';
import { DomainError } from '../domain-error.js';

export const SSO_MAX_TTL_SECONDS = 300;
/** An identity provider whose clock runs a little ahead still gets in. */
const CLOCK_SKEW_SECONDS = 60;
export const SSO_FAILED = '统一身份认证失败';

export interface SsoClaims {
  sub: string;
  iat: number;
  exp: number;
  jti: string;
}

function signPart(secret: Buffer | string, part: string): Buffer {
  return createHmac('sha256', secret).update(part).digest();
}

/** A ticket for `loginName`, valid `ttlSeconds` (default and maximum 300) from `now`. */
export function mintSsoTicket(
  secret: Buffer | string,
  loginName: string,
  now: Date,
  options: { ttlSeconds?: number; jti?: string } = {},
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: SsoClaims = {
    sub: loginName,
    iat,
    exp: iat + (options.ttlSeconds ?? SSO_MAX_TTL_SECONDS),
    jti: options.jti ?? randomUUID(),
  };
  const first = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${first}.${signPart(secret, first).toString('base64url')}`;
}

/** The claims of a well-signed, well-formed ticket that is valid at `now`, else undefined. */
export function readSsoTicket(secret: Buffer | string, ticket: string, now: Date): SsoClaims | undefined {
  const parts = ticket.split('.');
  if (parts.length !== 2 || ticket.length > 2048) return undefined;
  const given = Buffer.from(parts[1], 'base64url');
  const expected = signPart(secret, parts[0]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (claims === null || typeof claims !== 'object') return undefined;
  const c = claims as Record<string, unknown>;
  if (typeof c.sub !== 'string' || c.sub === '' || typeof c.jti !== 'string' || c.jti === '' || c.jti.length > 128)
    return undefined;
  if (typeof c.iat !== 'number' || typeof c.exp !== 'number') return undefined;
  const seconds = now.getTime() / 1000;
  if (c.exp <= c.iat || c.exp - c.iat > SSO_MAX_TTL_SECONDS) return undefined;
  if (seconds >= c.exp || c.iat > seconds + CLOCK_SKEW_SECONDS) return undefined;
  return { sub: c.sub, iat: c.iat, exp: c.exp, jti: c.jti };
}

export class SingleSignOn {
  constructor(
    private readonly db: Db,
    private readonly users: Users,
    private readonly authentication: Authentication,
    private readonly secret: Buffer,
    private readonly now: Clock,
  ) {}

  /** A session for the ticket's user (the -16001 rule applies); any failure -1 统一身份认证失败. */
  async exchange(ticket: string, client: SessionClient = {}): Promise<TokenPair> {
    const now = this.now();
    const claims = readSsoTicket(this.secret, ticket, now);
    if (!claims) throw new DomainError('loginRefused', SSO_FAILED);
    const fresh = await this.db
      .insertInto('sso_ticket_used')
      .values({ jti: claims.jti, expires_at: new Date(claims.exp * 1000) })
      .onConflict((oc) => oc.column('jti').doNothing())
      .returning('jti')
      .executeTakeFirst();
    if (!fresh) throw new DomainError('loginRefused', SSO_FAILED);
    // Ids of expired tickets can go: the expiry alone refuses them now.
    void this.db
      .deleteFrom('sso_ticket_used')
      .where('expires_at', '<', new Date(now.getTime() - 3600_000))
      .execute()
      .catch(() => undefined);
    const user = await this.users.findByLoginName(claims.sub);
    if (!user || user.login_flag !== '1') throw new DomainError('loginRefused', SSO_FAILED);
    return this.authentication.startSession(user, client);
  }
}
