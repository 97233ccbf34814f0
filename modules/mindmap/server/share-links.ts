/**
 * A map's read-only share link: `<share id>.<signature>`, where the share id is a random value kept on the map
 * (its `shareId`) and the signature an HMAC-SHA256 of the map's id and that share id under a key the portal keeps
 * in its database (the same on every instance). Taking the share back clears the share id, so every link given
 * out before stops working at once; sharing again makes a new id, never the old link. A link whose share id is
 * unknown, or whose signature does not match (edited by hand), is refused like a revoked one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The id under which the portal keeps the signing key (generated on first use). */
export const SHARE_KEY_ID = 'mindmap-share';

const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export class ShareLinks {
  constructor(private readonly key: Buffer) {}

  /** A fresh share id for a map (128 random bits). */
  static newShareId(): string {
    return randomBytes(16).toString('base64url');
  }

  private signature(mapId: string, shareId: string): Buffer {
    return createHmac('sha256', this.key).update(`mindmap-share:${mapId}:${shareId}`).digest();
  }

  token(mapId: string, shareId: string): string {
    return `${shareId}.${this.signature(mapId, shareId).toString('base64url')}`;
  }

  /** The share id a token names, if it has the shape of one (the map it opens is looked up by it). */
  static shareIdOf(token: string): string | undefined {
    return TOKEN.exec(token)?.[1];
  }

  /** Whether `token` was signed for this map and share id. */
  verifies(token: string, mapId: string, shareId: string): boolean {
    const match = TOKEN.exec(token);
    if (!match || match[1] !== shareId) return false;
    const given = Buffer.from(match[2], 'base64url');
    const expected = this.signature(mapId, shareId);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** Where a share link opens in the portal (the hidden menu route of the read-only view). */
export const sharePath = (token: string) => `/mindMap/share?token=${encodeURIComponent(token)}`;
