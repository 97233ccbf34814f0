/**
 * POST /api/weighbridge/v1.0/passes: a weighbridge of the IoT platform reports one pass of a truck, signed by the
 * platform's one device signing scheme (app.services.deviceCalls: the device id, a timestamp, a nonce used once and
 * the HMAC under the device's secret). Not a user call: no access token, no per-address rate limit, not audited.
 */
import type { FastifyInstance } from 'fastify';
import {
  ApiError,
  type CollectionRecords,
  DEVICE_CALL_DESCRIPTION,
  deviceCallHeadersSchema,
  envelope,
  type JsonSchemaNode,
  keepRawJsonBody,
  MsgCode,
  ok,
} from '../../../src/server/module-api.js';
import { TelemetryStore } from '../../iot/server/public.js';
import { recordPass, type WeighbridgePass } from './passes.js';

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
  const { db, deviceCalls } = app.services;
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
          `${DEVICE_CALL_DESCRIPTION} The device must be a weighbridge of the IoT platform. Body ` +
          '{plateNo, weight (t), ts?, material?, supplier?, deliveryNoteNo?, deliveryNoteWeight?}. The first pass ' +
          'of a plate opens a record 待二次过磅; the next within a day completes it (heavier = gross, in when the ' +
          'truck came in heavier). data: {recordId, state: pending|complete, netWeight}.',
        headers: deviceCallHeadersSchema,
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
      const device = await deviceCalls.verify(request, (deviceId) => devices.credential(deviceId));
      if (device.deviceType !== 'weighbridge') throw new ApiError(MsgCode.forbidden, '该设备不是地磅');
      const pass = request.body;
      if (pass.ts !== undefined && Math.abs(now().getTime() - pass.ts) > PASS_AGE_MS)
        throw new ApiError(MsgCode.invalidInput, '过磅时间与服务器相差超过一天');
      return ok('', await recordPass(db, records, device, pass, now()));
    },
  );
}

/** A pass the device kept while offline may come late, but not from another day's business. */
const PASS_AGE_MS = 24 * 3600_000;
