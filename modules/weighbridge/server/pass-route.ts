/**
 * POST /api/weighbridge/v1.0/passes: a weighbridge of the IoT platform reports one pass of a truck, signed the way
 * its readings are (modules/iot/server/signature.ts: the device's serial, a timestamp, a nonce used once and the
 * HMAC under the device's secret). Not a user call: no access token, no per-address rate limit, not audited.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiError,
  type CollectionRecords,
  envelope,
  type JsonSchemaNode,
  MsgCode,
  ok,
} from '../../../src/server/module-api.js';
import {
  keepRawJsonBody,
  NONCE_PATTERN,
  SIGNATURE_WINDOW_MS,
  signatureMatches,
  signReading,
  TelemetryStore,
} from '../../iot/server/public.js';
import { recordPass, type WeighbridgePass } from './passes.js';

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The pass's fields carry the record file's own rules and messages (the plate rule above all). */
function passSchema(records: CollectionRecords): JsonSchemaNode {
  const own = records.file.schema.properties;
  return {
    type: 'object',
    required: ['plateNo', 'weight'],
    additionalProperties: false,
    properties: {
      plateNo: own.plateNo,
      weight: {
        type: 'number',
        minimum: 0,
        maximum: 200,
        errorMessage: {
          required: '请给出重量',
          type: '重量必须是数字',
          minimum: '重量不能小于0',
          maximum: '重量不能超过200吨',
        },
      },
      ts: { type: 'integer', minimum: 0 },
      material: own.material,
      supplier: own.supplier,
      deliveryNoteNo: own.deliveryNoteNo,
      deliveryNoteWeight: own.deliveryNoteWeight,
    },
  };
}

export async function passRoute(
  app: FastifyInstance,
  options: { records: CollectionRecords; now: () => Date },
): Promise<void> {
  const { records, now } = options;
  const { db } = app.services;
  const devices = new TelemetryStore(db);
  keepRawJsonBody(app);

  app.post<{ Body: WeighbridgePass }>(
    '/api/weighbridge/v1.0/passes',
    {
      bodyLimit: 16 * 1024,
      config: { deviceTraffic: true, audit: false },
      schema: {
        tags: ['weighbridge'],
        summary: 'A weighbridge reports one pass of a truck (signed)',
        description:
          'Headers X-Device-Serial, X-Timestamp (ms), X-Nonce and X-Signature as for IoT readings (hex HMAC-SHA256 ' +
          'under the device secret of `serial\\ntimestamp\\nnonce\\nbody`); the device must be a weighbridge. Body ' +
          '{plateNo, weight (t), ts?, material?, supplier?, deliveryNoteNo?, deliveryNoteWeight?}. The first pass ' +
          'of a plate opens a record 待二次过磅; the next within a day completes it (heavier = gross, in when the ' +
          'truck came in heavier). data: {recordId, state: pending|complete, netWeight}.',
        headers: {
          type: 'object',
          properties: {
            'x-device-serial': { type: 'string' },
            'x-timestamp': { type: 'string' },
            'x-nonce': { type: 'string' },
            'x-signature': { type: 'string' },
          },
        },
        body: passSchema(records),
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                recordId: { type: 'string' },
                state: { type: 'string' },
                netWeight: { type: ['number', 'null'] },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const serial = header(request, 'x-device-serial').slice(0, 64);
      const device = serial ? await devices.credential(serial) : undefined;
      if (!device) throw new ApiError(MsgCode.notLoggedIn, '未知的设备编号，或设备未生成密钥');
      const timestamp = Number(header(request, 'x-timestamp'));
      const nonce = header(request, 'x-nonce');
      const rawBody = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      const expected = signReading(device.secret, serial, timestamp, nonce, rawBody);
      if (!NONCE_PATTERN.test(nonce) || !signatureMatches(expected, header(request, 'x-signature')))
        throw new ApiError(MsgCode.notLoggedIn, '签名错误');
      if (!Number.isFinite(timestamp) || Math.abs(now().getTime() - timestamp) > SIGNATURE_WINDOW_MS)
        throw new ApiError(MsgCode.notLoggedIn, '请求时间与服务器相差超过 5 分钟');
      if (device.deviceType !== 'weighbridge') throw new ApiError(MsgCode.forbidden, '该设备不是地磅');
      if (!(await devices.takeNonce(device.deviceId, nonce)))
        throw new ApiError(MsgCode.conflict, '重复的请求（nonce 已使用）');
      const pass = request.body;
      if (pass.ts !== undefined && Math.abs(now().getTime() - pass.ts) > PASS_AGE_MS)
        throw new ApiError(MsgCode.invalidInput, '过磅时间与服务器相差超过一天');
      return ok('', await recordPass(db, records, device, pass, now()));
    },
  );
}

/** A pass the device kept while offline may come late, but not from another day's business. */
const PASS_AGE_MS = 24 * 3600_000;
