/**
 * Image captchas. The text is drawn with svg-captcha and rasterised to PNG with resvg (wasm). Both are loaded with
 * the first captcha, not at start: svg-captcha parses its font when loaded and resvg's WebAssembly instance holds
 * its own memory, together about 15 MB that an idle server (or one whose users are all logged in) never needs.
 * Only an HMAC of the lower-cased answer is stored, with a 5-minute expiry; checking consumes it (single use),
 * right or wrong. The browser is bound to its captcha by the HttpOnly cookie `captcha_id`.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { onFirstUse } from '../lib/first-use.js';

interface SvgCaptchaOptions {
  width?: number;
  height?: number;
  fontSize?: number;
  noise?: number;
  color?: boolean;
  background?: string;
}
type DrawCaptcha = (text: string, options?: SvgCaptchaOptions) => string;

const require = createRequire(import.meta.url);

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** No look-alikes (0/O/o, 1/l/I, 2/Z/z, 5/S/s, 9/g/q...). */
const ALPHABET = '3467ABCDEFGHJKMNPQRTUVWXYabdefhkmnprtuvwxy';
const LENGTH = 4;

const captchaLibraries = onFirstUse(async () => {
  const [{ initWasm, Resvg }, wasm] = await Promise.all([
    import('@resvg/resvg-wasm'),
    readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')),
  ]);
  await initWasm(wasm);
  return { drawCaptcha: require('svg-captcha') as DrawCaptcha, Resvg };
});

export interface IssuedCaptcha {
  id: string;
  png: Uint8Array;
}

export class Captchas {
  constructor(
    private readonly db: Db,
    private readonly secret: Buffer,
    private readonly fixedText: string | undefined,
  ) {}

  async issue(): Promise<IssuedCaptcha> {
    const { drawCaptcha, Resvg } = await captchaLibraries();
    const text = this.fixedText ?? Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    const svg = drawCaptcha(text, {
      width: 120,
      height: 40,
      fontSize: 44,
      noise: 2,
      color: true,
      background: '#f4f7fb',
    });
    const resvg = new Resvg(svg, { fitTo: { mode: 'original' } });
    const png = resvg.render().asPng();
    resvg.free();
    const id = randomUUID();
    await this.db
      .insertInto('captcha')
      .values({ id, answer_hash: this.hash(text), expires_at: new Date(Date.now() + CAPTCHA_TTL_MS) })
      .execute();
    if (randomInt(50) === 0) void this.purgeExpired().catch(() => undefined);
    return { id, png };
  }

  /** Consumes the captcha `id` and tells whether `answer` matched; false when missing, expired or already used. */
  async consume(id: string | undefined, answer: string): Promise<boolean> {
    if (!id || id.length > 64) return false;
    const row = await this.db
      .updateTable('captcha')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('answer_hash')
      .executeTakeFirst();
    if (!row) return false;
    const given = Buffer.from(this.hash(answer), 'hex');
    const stored = Buffer.from(row.answer_hash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  }

  async purgeExpired(): Promise<void> {
    await this.db
      .deleteFrom('captcha')
      .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
      .execute();
  }

  private hash(answer: string): string {
    return createHmac('sha256', this.secret).update(`captcha:${answer.trim().toLowerCase()}`).digest('hex');
  }
}
