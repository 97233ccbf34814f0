/**
 * A filler's own link to one fill (/ldf/fill_data#/link/<token>), opened without a login (spec section 2's guard
 * exception; module.json `publicPages` shows the fill page for that hash, outside the layout): `<fill id>.<expiry>.<signature>`, the signature an HMAC-SHA256 of the fill, its filler and the expiry
 * under a key the portal keeps in its database (the same on every instance). The link opens that fill and no other;
 * an altered or expired one is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LINK_KEY_ID = 'data-fill-links';
/** A link stays good for 30 days after it was given. */
export const LINK_TTL_MS = 30 * 86_400_000;

const TOKEN = /^([0-9a-f-]{36})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export class FillLinks {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => Date,
  ) {}

  private signature(fillId: string, fillerId: string, expiry: string): Buffer {
    return createHmac('sha256', this.key).update(`ldf-fill:${fillId}:${fillerId}:${expiry}`).digest();
  }

  /** A token for `fillId` of `fillerId`, good until `expiresAt` (default: LINK_TTL_MS from now). */
  token(fillId: string, fillerId: string, expiresAt = new Date(this.now().getTime() + LINK_TTL_MS)): string {
    const expiry = expiresAt.getTime().toString(36);
    return `${fillId}.${expiry}.${this.signature(fillId, fillerId, expiry).toString('base64url')}`;
  }

  /** The fill a token names, if it has the shape of one (its filler is checked by `verifies`). */
  static fillOf(token: string): string | undefined {
    return TOKEN.exec(token)?.[1];
  }

  /** 'ok', or why the token does not open the fill of this filler. */
  check(token: string, fillId: string, fillerId: string): 'ok' | 'invalid' | 'expired' {
    const match = TOKEN.exec(token);
    if (!match || match[1] !== fillId) return 'invalid';
    const given = Buffer.from(match[3]!, 'base64url');
    const expected = this.signature(fillId, fillerId, match[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return parseInt(match[2]!, 36) < this.now().getTime() ? 'expired' : 'ok';
  }
}

/**
 * The token rides in the URL's hash: a browser never sends a hash to a server, so the token stays out of access logs
 * and Referer headers, and the hash is what tells the public fill page from the logged-in menu page at one path.
 */
export const fillPath = (token: string) => `/ldf/fill_data#/link/${token}`;
