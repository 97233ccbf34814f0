/**
 * A published dashboard's release token: `<share id>.<signature>`, where the share id is a random value kept on the
 * dashboard (its `shareId`) and the signature an HMAC-SHA256 of the dashboard's id and that share id under a key the
 * portal keeps in its database (the same on every instance). Taking the release back clears the share id, so every
 * link given out before stops working at once; publishing again makes a new id, never the old link. A token whose
 * share id is unknown, or whose signature does not match (edited by hand), is refused like a revoked one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The id under which the portal keeps the signing key (generated on first use). */
export const SHARE_KEY_ID = 'data-visual-release';

const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export class ShareLinks {
  constructor(private readonly key: Buffer) {}

  /** A fresh share id for a dashboard (128 random bits). */
  static newShareId(): string {
    return randomBytes(16).toString('base64url');
  }

  private signature(dashboardId: string, shareId: string): Buffer {
    return createHmac('sha256', this.key).update(`ldview-release:${dashboardId}:${shareId}`).digest();
  }

  token(dashboardId: string, shareId: string): string {
    return `${shareId}.${this.signature(dashboardId, shareId).toString('base64url')}`;
  }

  /** The share id a token names, if it has the shape of one (the dashboard it opens is looked up by it). */
  static shareIdOf(token: string): string | undefined {
    return TOKEN.exec(token)?.[1];
  }

  /** Whether `token` was signed for this dashboard and share id. */
  verifies(token: string, dashboardId: string, shareId: string): boolean {
    const match = TOKEN.exec(token);
    if (!match || match[1] !== shareId) return false;
    const given = Buffer.from(match[2], 'base64url');
    const expected = this.signature(dashboardId, shareId);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** The release page of a token (spec section 2: open without a login), under the portal's base path. */
export const releasePath = (token: string) => `/ldview/#/release-page/${token}`;

/** One chart of a release, alone (spec section 2's chart viewer, open without a login). */
export const chartPath = (token: string, panelId: string) =>
  `/ldv/chart_viewer?token=${encodeURIComponent(token)}&chart=${encodeURIComponent(panelId)}`;
