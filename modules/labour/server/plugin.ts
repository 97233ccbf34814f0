/**
 * The labour module's own server code: the call a turnstile or face-recognition gate makes for each pass,
 * POST /api/labour/gate/pass. A gate is no user: it signs its calls as every device does (app.services.deviceCalls:
 * X-Device-Id is the gate's record id, the secret the one its record holds), and what it may do is bounded by its
 * own project. Besides: the age rule of each company (age-rules.ts, defaults from the module settings) at registration and its check for the form, the rules of
 * hand-entered attendance and paid wages (worker-rules.ts), and the wage ledger's figures (wage-ledger.ts).
 * Everything else of the module is declared by its files.
 */
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  DEVICE_CALL_DESCRIPTION,
  deviceCallHeadersSchema,
  envelope,
  keepRawJsonBody,
  type ModulePlugin,
  MsgCode,
  ok,
  recordAccess,
  requireAuth,
  security,
} from '../../../src/server/module-api.js';
import { ageLimits, judgeAge } from './age-rule.js';
import { AgeRules } from './age-rules.js';
import { ageRuleRoutes } from './age-rule-routes.js';
import type { GatePass } from './gate-pass.js';
import { GatePasses, GateRefusal, REFUSAL_CODES as REFUSAL_CODE_LIST, type GateProblem } from './gate-passes.js';
import { wageReads } from './wage-ledger.js';
import { workerFigures } from './worker-figures.js';
import { ageWarning, workerRules } from './worker-rules.js';

const REFUSAL_CODES: Record<GateProblem, number> = {
  invalid: MsgCode.invalidInput,
  unknownWorker: MsgCode.notFound,
  refusedWorker: MsgCode.forbidden,
  replay: MsgCode.conflict,
};

const labour: ModulePlugin = async (app, { settings, module }) => {
  // The module settings are the defaults; each company may set its own rule (age-rules.ts, 年龄规则).
  const rules = new AgeRules(app.services.db, ageLimits(settings));
  const { now } = app.services.config;
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
      certificates: collection('labour-certificate'),
    },
    now,
    (projectId) => rules.ofProject(projectId),
  );
  workerRules(collection, rules, now);
  wageReads(app.services.db, collection('labour-wage'), collection('labour-attendance'));
  const access = recordAccess(app);
  /** The caller's company; null for an administrator, who belongs to every company (the defaults apply). */
  const callerCompany = async (request: FastifyRequest) => {
    const scope = await app.services.portal.projects.scopeOf(requireAuth(request).view.user.id);
    return scope.all ? null : scope.companyId;
  };
  const ageRuleForm = module.forms.find((form) => form.id === 'labour-age-rule');
  if (!ageRuleForm) throw new Error('the labour module needs its form labour-age-rule');
  // The server knows the portal's form files; the module's own form, which 年龄规则 shows, joins them so the API
  // checks the very rules and Chinese messages the screen does.
  app.services.forms.add(ageRuleForm);
  await ageRuleRoutes(app, rules);

  app.post<{ Body: { projectId?: string; idCardNumber?: string; trade?: string } }>(
    '/api/labour/worker/age-check',
    {
      schema: {
        tags: ['labour'],
        summary: "The age rule's verdict on a worker being registered",
        description:
          "For the registration form: the warning (empty when none) the age rule of the project's company (its " +
          "年龄规则, else the module settings PORTAL_LABOUR_AGE_*; without projectId the caller's company) gives for " +
          'this ID number and trade, the age and the limits that apply, and whether registration refuses such a worker.',
        security,
        body: {
          type: 'object',
          properties: {
            projectId: { type: 'string', maxLength: 64 },
            idCardNumber: { type: 'string', maxLength: 18 },
            trade: { type: 'string', maxLength: 30 },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                warning: { type: 'string' },
                age: { type: ['integer', 'null'] },
                min: { type: 'integer' },
                max: { type: ['integer', 'null'] },
                refuses: { type: 'boolean' },
              },
            },
          }),
        },
      },
      config: { auth: 'user', permission: 'labour:worker:view', title: '劳务人员年龄检查' },
    },
    async (request) => {
      const { projectId, idCardNumber = '', trade = '' } = request.body ?? {};
      if (projectId) await access.checkProject(request, projectId);
      const limits = projectId ? await rules.ofProject(projectId) : await rules.ofCompany(await callerCompany(request));
      const day = now();
      const verdict = judgeAge(idCardNumber, trade, limits, day);
      return ok('', {
        warning: ageWarning({ idCardNumber, trade }, limits, day),
        age: verdict?.age ?? null,
        min: limits.min,
        max: verdict?.max ?? null,
        refuses: limits.refuseRegistration,
      });
    },
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
            "the day's clock-in, the last pass out its clock-out (a pass out after midnight closes the night shift " +
            'begun the day before). -404 unknown worker; -403 a worker who may not enter: blacklisted, left the site, ' +
            'without 三级安全教育, a special trade without a valid special-operation certificate, or outside the age ' +
            'rule; -400 invalid pass. A refusal answers errMsg, the short Chinese text the gate shows, and data ' +
            `{ code, reason }, code one of ${REFUSAL_CODE_LIST.join(', ')}, invalid, replay; each is kept in the ` +
            'pass log.',
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
          if (error instanceof GateRefusal)
            throw new ApiError(REFUSAL_CODES[error.problem], error.message, {
              code: error.code,
              reason: error.message,
            });
          throw error;
        }
      },
    );
  });
};

export default labour;
