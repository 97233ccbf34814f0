/**
 * The labour module's own server code: the call a turnstile or face-recognition gate makes for each pass,
 * POST /api/labour/gate/pass. A gate is no user: it authenticates by its signature (gate-signature.ts), not by a
 * login, and what it may do is bounded by its own project. Everything else of the module is declared by its files.
 */
import { ApiError, envelope, type ModulePlugin, MsgCode, ok } from '../../../src/server/module-api.js';
import { GatePasses, GateRefusal, type GateProblem } from './gate-passes.js';
import { workerFigures } from './worker-figures.js';
import { CLOCK_SKEW_SECONDS, GATE_HEADERS, NONCE_MESSAGE, NONCE_PATTERN, type GatePass } from './gate-signature.js';

const REFUSAL_CODES: Record<GateProblem, number> = {
  unauthorized: MsgCode.notLoggedIn,
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

  const header = { type: 'string', minLength: 1, maxLength: 64 } as const;
  app.post<{ Body: GatePass; Headers: Record<string, string> }>(
    '/api/labour/gate/pass',
    {
      schema: {
        tags: ['labour'],
        summary: 'A pass through a gate (device call)',
        description:
          'Called by a turnstile or face-recognition gate for each pass; no user login. Headers: X-Gate-Id (the ' +
          'gate record id of 考勤闸机), X-Gate-Timestamp (Unix seconds, at most ' +
          `${CLOCK_SKEW_SECONDS} s from the server clock), X-Gate-Nonce (random, used once per gate) and ` +
          'X-Gate-Signature: hex HMAC-SHA256 with the gate secret over the lines gateId, timestamp, nonce, ' +
          'direction, time, idCardNumber, workerId (empty when absent) joined by \\n. The worker (ID-card number ' +
          'or record id) must be registered on the gate project, on site and not blacklisted. The first pass in ' +
          "of a day is the day's clock-in, the last pass out its clock-out. -401 bad or missing signature, -409 a " +
          'nonce used before, -404 unknown worker, -403 blacklisted or left worker, -400 invalid pass.',
        headers: {
          type: 'object',
          required: [GATE_HEADERS.gate, GATE_HEADERS.timestamp, GATE_HEADERS.nonce, GATE_HEADERS.signature],
          properties: {
            [GATE_HEADERS.gate]: header,
            [GATE_HEADERS.timestamp]: header,
            [GATE_HEADERS.nonce]: {
              type: 'string',
              pattern: NONCE_PATTERN.source,
              errorMessage: { pattern: NONCE_MESSAGE, type: NONCE_MESSAGE },
            },
            [GATE_HEADERS.signature]: header,
          },
          errorMessage: { required: '闸机认证失败：缺少签名信息' },
        },
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
      const { body, headers } = request;
      if (!body.idCardNumber && !body.workerId)
        throw new ApiError(MsgCode.invalidInput, '请提供人员的身份证号或人员编号');
      try {
        const result = await passes.pass(
          {
            gateId: headers[GATE_HEADERS.gate],
            timestamp: headers[GATE_HEADERS.timestamp],
            nonce: headers[GATE_HEADERS.nonce],
            signature: headers[GATE_HEADERS.signature],
          },
          body,
        );
        return ok('已记考勤', result);
      } catch (error) {
        if (error instanceof GateRefusal) throw new ApiError(REFUSAL_CODES[error.problem], error.message);
        throw error;
      }
    },
  );
};

export default labour;
