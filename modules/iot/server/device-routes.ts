/**
 * The device side of HTTP: POST /api/iot/v1.0/telemetry, one signed message of readings (the platform's one device
 * signing scheme, app.services.deviceCalls). It is not a user call: no access token, no per-address rate limit (a
 * site gateway forwards many devices from one address), not in the audit log (a reading is data, not an action);
 * each refusal is counted instead.
 */
import type { FastifyInstance } from 'fastify';
import {
  ApiError,
  DEVICE_CALL_DESCRIPTION,
  DEVICE_CALL_HEADERS,
  DeviceCallRefused,
  deviceCallHeadersSchema,
  envelope,
  keepRawJsonBody,
  MsgCode,
  ok,
} from '../../../src/server/module-api.js';
import type { Ingestion } from './ingestion.js';
import { MAX_READINGS, ReadingRefused, type RefusalReason } from './readings.js';

const REFUSAL_CODES: Record<RefusalReason, number> = {
  malformed: MsgCode.invalidInput,
  'unknown-metric': MsgCode.invalidInput,
  'missing-metric': MsgCode.invalidInput,
  'out-of-range': MsgCode.invalidInput,
  future: MsgCode.invalidInput,
  'too-old': MsgCode.invalidInput,
  duplicate: MsgCode.invalidInput,
  'bad-nonce': MsgCode.invalidInput,
  'unknown-device': MsgCode.notLoggedIn,
  'bad-signature': MsgCode.notLoggedIn,
  'stale-request': MsgCode.notLoggedIn,
  replayed: MsgCode.conflict,
};

export function asApiError(refusal: ReadingRefused): ApiError {
  return new ApiError(REFUSAL_CODES[refusal.reason], refusal.message, { reason: refusal.reason });
}

export async function deviceRoutes(app: FastifyInstance, options: { ingestion: Ingestion }): Promise<void> {
  const { ingestion } = options;
  const { deviceCalls } = app.services;
  keepRawJsonBody(app);

  app.post(
    '/api/iot/v1.0/telemetry',
    {
      bodyLimit: 64 * 1024,
      config: { deviceTraffic: true, audit: false },
      schema: {
        tags: ['iot'],
        summary: 'A device reports readings (signed)',
        description:
          `${DEVICE_CALL_DESCRIPTION} Body {ts?, values} or {readings: [{ts?, values}]} (at most ${MAX_READINGS}). ` +
          'A refusal carries data.reason.',
        headers: deviceCallHeadersSchema,
        response: {
          200: envelope({ data: { type: 'object', properties: { stored: { type: 'integer' } } } }),
        },
      },
    },
    async (request) => {
      // Every refusal is counted, under the device the call named when it is one of ours.
      const device = await deviceCalls
        .verify(request, (deviceId) => ingestion.device(deviceId))
        .catch(async (error: unknown) => {
          if (error instanceof DeviceCallRefused) {
            const named = request.headers[DEVICE_CALL_HEADERS.device];
            await ingestion.count(typeof named === 'string' ? named.slice(0, 64) : '-', error.reason);
          }
          throw error;
        });
      try {
        const result = await ingestion.ingest(device, request.body, 'http');
        return ok('', { stored: result.stored });
      } catch (error) {
        if (error instanceof ReadingRefused) throw asApiError(error);
        throw error;
      }
    },
  );
}
