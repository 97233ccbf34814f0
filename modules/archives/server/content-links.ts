/**
 * Links to an archive file's bytes that a browser can follow without the Access-Token header (an <a download>, the
 * PDF preview): `/api/archive/v1.0/content/<version id>.<expiry>.<signature>?name=<file name>`, signed with the
 * module's secret and valid for LINK_TTL_MS. They are handed out only inside reads the caller's scope allows (the
 * file's list, detail and versions), so a link is as good as the read that gave it, for half an hour.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LINK_KEY_ID = 'archive-content-links';
export const LINK_TTL_MS = 30 * 60 * 1000;
export const CONTENT_PATH = '/api/archive/v1.0/content/';

export class ContentLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => Date,
  ) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 32);
  }

  /** The link to version `versionId`, saved or shown as `fileName`. */
  link(versionId: string, fileName: string): string {
    const payload = `${versionId}.${(this.now().getTime() + LINK_TTL_MS).toString(36)}`;
    return `${CONTENT_PATH}${payload}.${this.sign(payload)}?name=${encodeURIComponent(fileName)}`;
  }

  /** The version a token names, or undefined when it is altered or expired. */
  versionOf(token: string): string | undefined {
    const match = /^([0-9a-f-]{36})\.([0-9a-z]+)\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return undefined;
    const [, versionId, expiry, signature] = match;
    const expected = Buffer.from(this.sign(`${versionId}.${expiry}`));
    if (!timingSafeEqual(expected, Buffer.from(signature!))) return undefined;
    if (parseInt(expiry!, 36) < this.now().getTime()) return undefined;
    return versionId;
  }
}
