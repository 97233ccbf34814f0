/**
 * The one way a device signs its HTTP calls (gate machines, weighbridges, IoT gateways): no user login, but
 *
 * - X-Device-Id: the id the platform issued to the device (its record id, shown with its secret), never a serial
 *   a person typed: serial numbers are the owner's business and need not be unique across companies;
 * - X-Timestamp: when the call was signed, in milliseconds since 1970, within five minutes of the server's clock;
 * - X-Nonce: 8 to 64 letters, digits, `_` or `-`, random per call, accepted once per device;
 * - X-Signature: the hex HMAC-SHA256 under the device's secret of the lines
 *   `METHOD \n path \n device id \n timestamp \n nonce \n body` (the path with its query, the body exactly as sent).
 *
 * A captured call cannot be sent again (its nonce is taken), nor sent later (its timestamp), nor to another route
 * (method and path are signed). Nonces are taken by group commit: thousands of devices reporting every few seconds
 * cost a share of a statement each, not a round trip.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { MsgCode } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { GroupCommit, type GroupCommitFigures } from '../db/group-commit.js';
import { ApiError } from '../http/api-error.js';

export const DEVICE_CALL_HEADERS = {
  device: 'x-device-id',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** How far a device's clock may be from the server's. */
export const DEVICE_CLOCK_WINDOW_MS = 5 * 60 * 1000;
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** What a device id may look like on the wire; anything else is nobody, without asking the database. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type DeviceCallRefusal = 'unknown-device' | 'bad-signature' | 'stale-request' | 'bad-nonce' | 'replayed';

const REFUSALS: Record<DeviceCallRefusal, { code: number; message: string }> = {
  'unknown-device': { code: MsgCode.notLoggedIn, message: '设备未登记或未生成密钥' },
  'bad-signature': { code: MsgCode.notLoggedIn, message: '签名不正确' },
  'stale-request': { code: MsgCode.notLoggedIn, message: '请求时间与服务器时间相差超过5分钟，请校准设备时钟' },
  'bad-nonce': { code: MsgCode.invalidInput, message: '随机串须为8至64位字母、数字、下划线或连字符' },
  replayed: { code: MsgCode.conflict, message: '重复的请求（随机串已使用），已拒绝' },
};

/** A signed call refused; `data.reason` of the answer says which check failed. */
export class DeviceCallRefused extends ApiError {
  constructor(
    readonly reason: DeviceCallRefusal,
    message = REFUSALS[reason].message,
  ) {
    super(REFUSALS[reason].code, message, { reason });
  }
}

/** What a signature covers. */
export interface SignedCall {
  method: string;
  /** The path with its query string, as the device sent it. */
  path: string;
  deviceId: string;
  timestamp: string;
  nonce: string;
  body: string;
}

export function signDeviceCall(secret: string, call: SignedCall): string {
  const text = [call.method.toUpperCase(), call.path, call.deviceId, call.timestamp, call.nonce, call.body].join('\n');
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** The headers a device sends with `body`, signed now with a fresh nonce (simulators, tests, the README's example). */
export function signedDeviceHeaders(
  call: { deviceId: string; secret: string; method: string; path: string; body: string },
  at = Date.now(),
): Record<string, string> {
  const nonce = randomUUID().replace(/-/g, '');
  const timestamp = String(at);
  return {
    'content-type': 'application/json',
    [DEVICE_CALL_HEADERS.device]: call.deviceId,
    [DEVICE_CALL_HEADERS.timestamp]: timestamp,
    [DEVICE_CALL_HEADERS.nonce]: nonce,
    [DEVICE_CALL_HEADERS.signature]: signDeviceCall(call.secret, { ...call, timestamp, nonce }),
  };
}

/** The headers of a signed route, for its OpenAPI description (the checks themselves are `DeviceCalls.verify`). */
export const deviceCallHeadersSchema = {
  type: 'object',
  properties: {
    [DEVICE_CALL_HEADERS.device]: { type: 'string', description: 'The device id the platform issued' },
    [DEVICE_CALL_HEADERS.timestamp]: { type: 'string', description: 'Milliseconds since 1970' },
    [DEVICE_CALL_HEADERS.nonce]: { type: 'string', description: '8-64 of A-Za-z0-9_-, once per device' },
    [DEVICE_CALL_HEADERS.signature]: {
      type: 'string',
      description: 'hex HMAC-SHA256 under the device secret of METHOD\\npath\\ndeviceId\\ntimestamp\\nnonce\\nbody',
    },
  },
} as const;

/** One line for a route's OpenAPI description. */
export const DEVICE_CALL_DESCRIPTION =
  'Signed device call: headers X-Device-Id, X-Timestamp (ms), X-Nonce and X-Signature (hex HMAC-SHA256 under the ' +
  'device secret of METHOD\\npath\\ndeviceId\\ntimestamp\\nnonce\\nbody). -401 unknown device, bad signature or ' +
  'clock off by more than 5 minutes, -400 bad nonce, -409 nonce used before; data.reason says which.';

type WithRawBody = FastifyRequest & { rawBody?: string };

/**
 * JSON bodies of the plugin's routes keep their text beside the parsed value: a device's signature covers the body
 * exactly as sent. Call it in the (encapsulated) plugin that holds the signed routes.
 */
export function keepRawJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    (request as WithRawBody).rawBody = text;
    try {
      done(null, text === '' ? undefined : JSON.parse(text));
    } catch {
      done(new ApiError(MsgCode.invalidInput, '消息不是有效的 JSON'), undefined);
    }
  });
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** Verifies signed calls and keeps the nonces they used (table device_nonce) for twice the clock window. */
export class DeviceCalls {
  private readonly nonces = new GroupCommit<{ deviceId: string; nonce: string }, boolean>((taken) =>
    this.insertNonces(taken),
  );
  private sinceCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * The device that signed `request`, found by `find` from the id it sent (undefined: no such device, or it has no
   * secret; `find` may throw an ApiError of its own, a gate switched off). Throws DeviceCallRefused for every check
   * that fails, in the order: device, signature, clock, nonce.
   */
  async verify<Device extends { secret: string }>(
    request: FastifyRequest,
    find: (deviceId: string) => Promise<Device | undefined>,
  ): Promise<Device & { deviceId: string; nonce: string }> {
    const deviceId = header(request, DEVICE_CALL_HEADERS.device);
    const device = DEVICE_ID_PATTERN.test(deviceId) ? await find(deviceId) : undefined;
    if (!device) throw new DeviceCallRefused('unknown-device');
    const timestamp = header(request, DEVICE_CALL_HEADERS.timestamp);
    const nonce = header(request, DEVICE_CALL_HEADERS.nonce);
    const expected = signDeviceCall(device.secret, {
      method: request.method,
      path: request.url,
      deviceId,
      timestamp,
      nonce,
      body: (request as WithRawBody).rawBody ?? '',
    });
    if (!sameHex(expected, header(request, DEVICE_CALL_HEADERS.signature)))
      throw new DeviceCallRefused('bad-signature');
    const sentAt = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
    if (!(Math.abs(this.now().getTime() - sentAt) <= DEVICE_CLOCK_WINDOW_MS))
      throw new DeviceCallRefused('stale-request');
    if (!NONCE_PATTERN.test(nonce)) throw new DeviceCallRefused('bad-nonce');
    if (!(await this.nonces.submit({ deviceId, nonce }))) throw new DeviceCallRefused('replayed');
    if ((this.sinceCleanup += 1) >= 1000) {
      this.sinceCleanup = 0;
      void this.forgetNoncesBefore(new Date(this.now().getTime() - 2 * DEVICE_CLOCK_WINDOW_MS)).catch(() => undefined);
    }
    return { ...device, deviceId, nonce };
  }

  /** Nonces older than any call that could still be accepted (also a daily housekeeping job's work). */
  async forgetNoncesBefore(before: Date): Promise<void> {
    await sql`delete from device_nonce where seen_at < ${before}`.execute(this.db);
  }

  /** The nonce statements since the last call, for the runtime stats. */
  takeFigures(): GroupCommitFigures {
    return this.nonces.takeFigures();
  }

  private async insertNonces(taken: { deviceId: string; nonce: string }[]): Promise<boolean[]> {
    const { rows } = await sql<{ deviceId: string; nonce: string }>`insert into device_nonce (device_id, nonce)
      select * from unnest(${sql.val(taken.map((t) => t.deviceId))}::text[], ${sql.val(taken.map((t) => t.nonce))}::text[])
      on conflict do nothing returning device_id as "deviceId", nonce`.execute(this.db);
    // A nonce sent twice in one batch is inserted once: the first caller takes it, the second is a replay.
    const fresh = new Set(rows.map((row) => `${row.deviceId}\n${row.nonce}`));
    return taken.map((t) => fresh.delete(`${t.deviceId}\n${t.nonce}`));
  }
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return a.length === b.length && timingSafeEqual(a, b);
}
