/**
 * The device side of HTTP: POST /api/iot/v1.0/telemetry, one signed message of readings (signature.ts). It is not
 * a user call: no access token, no per-address rate limit (a site gateway forwards many devices from one
 * address), not in the audit log (a reading is data, not an action); each refusal is counted instead.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, envelope, MsgCode, ok } from '../../../src/server/module-api.js';
import type { Ingestion } from './ingestion.js';
import { MAX_READINGS, ReadingRefused, type RefusalReason } from './readings.js';
import { NONCE_PATTERN, SIGNATURE_WINDOW_MS, signatureMatches, signReading } from './signature.js';
import type { TelemetryStore } from './telemetry-store.js';

const REFUSAL_CODES: Record<RefusalReason, number> = {
  malformed: MsgCode.invalidInput,
  'unknown-metric': MsgCode.invalidInput,
  'missing-metric': MsgCode.invalidInput,
  'out-of-range': MsgCode.invalidInput,
  future: MsgCode.invalidInput,
  'too-old': MsgCode.invalidInput,
  duplicate: MsgCode.invalidInput,
  'unknown-device': MsgCode.notLoggedIn,
  'bad-signature': MsgCode.notLoggedIn,
  'stale-request': MsgCode.notLoggedIn,
  replayed: MsgCode.conflict,
};

export function asApiError(refusal: ReadingRefused): ApiError {
  return new ApiError(REFUSAL_CODES[refusal.reason], refusal.message, { reason: refusal.reason });
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * JSON bodies of the plugin's routes keep their text beside the parsed value (`request.rawBody`): a device's
 * signature covers the body exactly as sent. Used by every signed device route (readings, weighbridge passes).
 */
export function keepRawJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    (request as FastifyRequest & { rawBody?: string }).rawBody = text;
    try {
      done(null, text === '' ? undefined : JSON.parse(text));
    } catch {
      done(new ApiError(MsgCode.invalidInput, '消息不是有效的 JSON'), undefined);
    }
  });
}

export async function deviceRoutes(
  app: FastifyInstance,
  options: { ingestion: Ingestion; store: TelemetryStore; now: () => Date },
): Promise<void> {
  const { ingestion, store, now } = options;
  keepRawJsonBody(app);

  let sinceCleanup = 0;
  app.post(
    '/api/iot/v1.0/telemetry',
    {
      bodyLimit: 64 * 1024,
      config: { deviceTraffic: true, audit: false },
      schema: {
        tags: ['iot'],
        summary: 'A device reports readings (signed)',
        description:
          'Headers X-Device-Serial, X-Timestamp (ms), X-Nonce (8-64 of A-Za-z0-9_-) and X-Signature: hex ' +
          'HMAC-SHA256 under the device secret of `serial\\ntimestamp\\nnonce\\nbody`. Body {ts?, values} or ' +
          `{readings: [{ts?, values}]} (at most ${MAX_READINGS}). A refusal carries data.reason.`,
        headers: {
          type: 'object',
          properties: {
            'x-device-serial': { type: 'string' },
            'x-timestamp': { type: 'string' },
            'x-nonce': { type: 'string' },
            'x-signature': { type: 'string' },
          },
        },
        response: {
          200: envelope({ data: { type: 'object', properties: { stored: { type: 'integer' } } } }),
        },
      },
    },
    async (request) => {
      const serial = header(request, 'x-device-serial').slice(0, 64);
      try {
        const device = serial ? await ingestion.device(serial) : undefined;
        if (!device)
          return await ingestion.refuse(
            serial || '-',
            new ReadingRefused('unknown-device', '未知的设备编号，或设备未生成密钥'),
          );
        const timestamp = Number(header(request, 'x-timestamp'));
        const nonce = header(request, 'x-nonce');
        const rawBody = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
        const expected = signReading(device.secret, serial, timestamp, nonce, rawBody);
        if (!NONCE_PATTERN.test(nonce) || !signatureMatches(expected, header(request, 'x-signature')))
          return await ingestion.refuse(serial, new ReadingRefused('bad-signature', '签名错误'));
        if (!Number.isFinite(timestamp) || Math.abs(now().getTime() - timestamp) > SIGNATURE_WINDOW_MS)
          return await ingestion.refuse(serial, new ReadingRefused('stale-request', '请求时间与服务器相差超过 5 分钟'));
        if (!(await store.takeNonce(device.deviceId, nonce)))
          return await ingestion.refuse(serial, new ReadingRefused('replayed', '重复的请求（nonce 已使用）'));
        if ((sinceCleanup += 1) >= 1000) {
          sinceCleanup = 0;
          void store.forgetNoncesBefore(new Date(now().getTime() - 2 * SIGNATURE_WINDOW_MS)).catch(() => undefined);
        }
        const result = await ingestion.ingest(device, request.body, 'http');
        return ok('', { stored: result.stored });
      } catch (error) {
        if (error instanceof ReadingRefused) throw asApiError(error);
        throw error;
      }
    },
  );
}
