/**
 * Links to a camera's media that a player follows without the Access-Token header (hls.js fetches a playlist and
 * then every segment it names, relative to the playlist): `/api/video/v1.0/media/<camera>.<expiry>.<signature>/…`,
 * signed with the module's secret. They are handed out only by reads the caller's project scope allows (the camera
 * list, a camera's recordings), so a link is as good as the read that gave it, for LINK_TTL_MS: long enough to watch
 * a shift without the player losing its stream, short enough that a copied link stops working.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LINK_KEY_ID = 'video-media-links';
export const LINK_TTL_MS = 6 * 60 * 60 * 1000;
export const MEDIA_PATH = '/api/video/v1.0/media/';
/** Camera ids as the collections make them (uuid) or the demo seeds name them. */
const CAMERA_ID = '[A-Za-z0-9_-]{1,64}';

export class MediaLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => Date,
  ) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 32);
  }

  /** The token of `cameraId`'s media (the path segment after MEDIA_PATH). */
  token(cameraId: string): string {
    const payload = `${cameraId}.${(this.now().getTime() + LINK_TTL_MS).toString(36)}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The camera a token names, or undefined when it is altered or expired. */
  cameraOf(token: string): string | undefined {
    const match = new RegExp(`^(${CAMERA_ID})\\.([0-9a-z]{1,12})\\.([A-Za-z0-9_-]{32})$`).exec(token);
    if (!match) return undefined;
    const [, cameraId, expiry, signature] = match;
    const expected = Buffer.from(this.sign(`${cameraId}.${expiry}`));
    if (!timingSafeEqual(expected, Buffer.from(signature!))) return undefined;
    if (parseInt(expiry!, 36) < this.now().getTime()) return undefined;
    return cameraId;
  }
}
