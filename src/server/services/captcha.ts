/**
 * Image captchas. The text is drawn with svg-captcha and rasterised to PNG with resvg (wasm, initialised once).
 * Only an HMAC of the lower-cased answer is stored, with a 5-minute expiry; checking consumes it (single use),
 * right or wrong. The browser is bound to its captcha by the HttpOnly cookie `captcha_id`.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

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
const drawCaptcha = require('svg-captcha') as DrawCaptcha;

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** No look-alikes (0/O/o, 1/l/I, 2/Z/z, 5/S/s, 9/g/q...). */
const ALPHABET = '3467ABCDEFGHJKMNPQRTUVWXYabdefhkmnprtuvwxy';
const LENGTH = 4;

let wasmReady: Promise<void> | undefined;
function ensureWasm(): Promise<void> {
  wasmReady ??= readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')).then((bytes) => initWasm(bytes));
  return wasmReady;
}

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

  /** Loads the rasteriser; call at start-up so the first request does not pay for it. */
  warmUp(): Promise<void> {
    return ensureWasm();
  }

  async issue(): Promise<IssuedCaptcha> {
    await ensureWasm();
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
