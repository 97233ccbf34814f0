/**
 * The labour module's own server code: the call a turnstile or face-recognition gate makes for each pass,
 * POST /api/labour/gate/pass. A gate is no user: it signs its calls as every device does (app.services.deviceCalls:
 * X-Device-Id is the gate's record id, the secret the one its record holds), and what it may do is bounded by its
 * own project. Everything else of the module is declared by its files.
 */
import {
  ApiError,
  DEVICE_CALL_DESCRIPTION,
  deviceCallHeadersSchema,
  envelope,
  keepRawJsonBody,
  type ModulePlugin,
  MsgCode,
  ok,
} from '../../../src/server/module-api.js';
import type { GatePass } from './gate-pass.js';
import { GatePasses, GateRefusal, type GateProblem } from './gate-passes.js';
import { workerFigures } from './worker-figures.js';

const REFUSAL_CODES: Record<GateProblem, number> = {
  invalid: MsgCode.invalidInput,
  unknownWorker: MsgCode.notFound,
  refusedWorker: MsgCode.forbidden,
  replay: MsgCode.conflict,
};

const labour: ModulePlugin = async (app) => {
  const collection = (id: string) => {
    const records = app.collections.get(id);
    if (!records) throw new Error(`the labour module needs the collection ${id}`);
    return records;
  };
  const passes = new GatePasses(
    {
      gates: collection('labour-gate'),
      passes: collection('labour-gate-pass'),
      workers: collection('labour-worker'),
      attendance: collection('labour-attendance'),
    },
    app.services.config.now,
  );

  // The workbench's 人员数据概览 and the age and origin charts are the registry's figures.
  const registry = { workers: collection('labour-worker'), attendance: collection('labour-attendance') };
  app.services.portal.workbench.setWorkerFigures((projectId, now) =>
    workerFigures(app.services.db, registry, projectId, now),
  );

  // Its own plugin: the signature covers the JSON body exactly as sent (keepRawJsonBody), for this route only.
  await app.register(async (gates) => {
    keepRawJsonBody(gates);
    gates.post<{ Body: GatePass }>(
      '/api/labour/gate/pass',
      {
        schema: {
          tags: ['labour'],
          summary: 'A pass through a gate (device call)',
          description:
            `Called by a turnstile or face-recognition gate for each pass; no user login. ${DEVICE_CALL_DESCRIPTION} ` +
            'X-Device-Id is the gate record id of 考勤闸机, the secret its 密钥. The worker (ID-card number or record ' +
            'id) must be registered on the gate project, on site and not blacklisted. The first pass in of a day is ' +
            "the day's clock-in, the last pass out its clock-out. -404 unknown worker, -403 blacklisted or left " +
            'worker, -400 invalid pass.',
          headers: deviceCallHeadersSchema,
          body: {
            type: 'object',
            required: ['time', 'direction'],
            properties: {
              idCardNumber: {
                type: 'string',
                pattern: '^\\d{17}[\\dXx]$',
                errorMessage: { pattern: '身份证号码格式不正确' },
              },
              workerId: { type: 'string', minLength: 1, maxLength: 64 },
              time: {
                type: 'string',
                format: 'date-time',
                errorMessage: { required: '缺少通行时间', format: '通行时间格式不正确' },
              },
              direction: {
                type: 'string',
                enum: ['in', 'out'],
                errorMessage: { required: '缺少通行方向', enum: '通行方向只能是 in 或 out' },
              },
            },
          },
          response: {
            200: envelope({
              data: {
                type: 'object',
                properties: {
                  worker: { type: 'string' },
                  workerName: { type: 'string' },
                  date: { type: 'string' },
                  clockIn: { type: ['string', 'null'] },
                  clockOut: { type: ['string', 'null'] },
                },
              },
            }),
          },
        },
        config: { title: '闸机通行' },
      },
      async (request) => {
        const { body } = request;
        if (!body.idCardNumber && !body.workerId)
          throw new ApiError(MsgCode.invalidInput, '请提供人员的身份证号或人员编号');
        const gate = await gates.services.deviceCalls.verify(request, (deviceId) => passes.gate(deviceId));
        try {
          return ok('已记考勤', await passes.pass(gate, body));
        } catch (error) {
          if (error instanceof GateRefusal) throw new ApiError(REFUSAL_CODES[error.problem], error.message);
          throw error;
        }
      },
    );
  });
};

export default labour;
