/**
 * 劳务管理 / 年龄规则: the companies whose age rule the caller may set, and the rule of one of them to read, change
 * or reset to the defaults (the module settings). A company's user sets their own company's rule; a system
 * administrator (who sees every company) names the company. The limits are checked by the screen's own form file
 * (labour-age-rule: integers 14 to 70, each upper limit at least the lower one), with the same Chinese messages.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DomainError,
  envelope,
  ok,
  pageEnvelope,
  requireAuth,
  security,
  type Schema,
} from '../../../src/server/module-api.js';
import type { AgeLimits } from './age-rule.js';
import type { AgeRules, CompanyAgeRule } from './age-rules.js';

const VIEW = 'labour:ageRule:view';
const EDIT = 'labour:ageRule:edit';
const BASE = '/api/labour/v1.0';

export const AgeRuleMessages = {
  companyRequired: '请选择公司',
  otherCompany: '只能查看和修改本公司的年龄规则',
  noCompany: '公司不存在',
  saved: '保存成功',
  reset: '已恢复默认年龄规则',
} as const;

const integer: Schema = { type: 'integer' };
const ruleSchema: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'The company id (the row id of the screen)' },
    companyId: { type: 'string' },
    companyName: { type: 'string' },
    min: integer,
    maleMax: integer,
    femaleMax: integer,
    specialMaleMax: integer,
    specialFemaleMax: integer,
    refuseRegistration: { type: 'boolean' },
    custom: { type: 'boolean', description: 'The company set its own rule (false: the module settings apply)' },
    updatedBy: { type: ['string', 'null'] },
    updatedAt: { type: ['string', 'null'] },
  },
};
const companyParams: Schema = {
  type: 'object',
  required: ['companyId'],
  properties: { companyId: { type: 'string', maxLength: 64 } },
};

interface FormLimits {
  min: number;
  maleMax: number;
  femaleMax: number;
  specialMaleMax: number;
  specialFemaleMax: number;
  refuseRegistration?: boolean;
}

const row = (rule: CompanyAgeRule) => ({ id: rule.companyId, ...rule });

/** The routes; the module's form labour-age-rule must be known to `app.services.forms` (the plugin adds it). */
export async function ageRuleRoutes(app: FastifyInstance, rules: AgeRules): Promise<void> {
  const { projects } = app.services.portal;
  const { forms } = app.services;

  /** The company a call is about, with its rule: the caller's own, or (an administrator) the one named. */
  const companyOf = async (request: FastifyRequest, named: string | undefined): Promise<CompanyAgeRule> => {
    const scope = await projects.scopeOf(requireAuth(request).view.user.id);
    if (!scope.all) {
      if (scope.companyId === null) throw new DomainError('forbidden', AgeRuleMessages.otherCompany);
      if (named && named !== scope.companyId) throw new DomainError('forbidden', AgeRuleMessages.otherCompany);
    } else if (!named) throw new DomainError('invalid', AgeRuleMessages.companyRequired);
    const [rule] = await rules.list(scope, [named || (scope.all ? '' : (scope.companyId ?? ''))]);
    if (!rule) throw new DomainError('notFound', AgeRuleMessages.noCompany);
    return rule;
  };

  app.get(
    `${BASE}/age-rules`,
    {
      schema: {
        tags: ['labour'],
        summary: 'The companies whose age rule the caller may set, each with its rule',
        description:
          "A company's user: their own company; a system administrator: every company (sys_office of type 公司). " +
          'A company without its own rule shows the module settings (custom false).',
        security,
        response: { 200: pageEnvelope(ruleSchema, { paging: null }) },
      },
      config: { auth: 'user', permission: VIEW, title: '年龄规则列表' },
    },
    async (request) => {
      const scope = await projects.scopeOf(requireAuth(request).view.user.id);
      const list = (await rules.list(scope)).map(row);
      return ok('', { dataList: list, total: list.length });
    },
  );

  // /age-rule is the caller's own company's rule; /age-rule/{companyId} names the company (the screen's rows, and
  // the only way for a system administrator, who belongs to every company).
  const OWN = `${BASE}/age-rule`;
  for (const path of [OWN, `${BASE}/age-rule/:companyId`]) {
    app.get<{ Params: { companyId?: string } }>(
      path,
      {
        schema: {
          tags: ['labour'],
          summary: "A company's age rule",
          description:
            "The caller's company's rule; a system administrator names the company (companyId). -403 for another " +
            "company's rule, -404 for no such company.",
          security,
          ...(path === OWN ? {} : { params: companyParams }),
          response: { 200: envelope({ data: ruleSchema }) },
        },
        config: { auth: 'user', permission: VIEW, title: path === OWN ? '查看本公司年龄规则' : '查看年龄规则' },
      },
      async (request) => ok('', row(await companyOf(request, request.params.companyId))),
    );

    app.put<{ Params: { companyId?: string }; Body: FormLimits }>(
      path,
      {
        schema: {
          tags: ['labour'],
          summary: "Sets a company's age rule",
          description:
            'The six limits of the form labour-age-rule (integers 14 to 70, each upper limit at least the lower one; ' +
            '-400 with the field and its Chinese message otherwise) and whether registration refuses a worker ' +
            "outside them. From then on the gate, registration and the form check of the company's projects use it.",
          security,
          ...(path === OWN ? {} : { params: companyParams }),
          body: { type: 'object' },
          response: { 200: envelope({ data: ruleSchema }) },
        },
        config: { auth: 'user', permission: EDIT, title: path === OWN ? '修改本公司年龄规则' : '修改年龄规则' },
      },
      async (request) => {
        const company = await companyOf(request, request.params.companyId);
        const input = forms.validate<FormLimits>('labour-age-rule', request.body);
        const limits: AgeLimits = {
          min: input.min,
          maleMax: input.maleMax,
          femaleMax: input.femaleMax,
          specialMaleMax: input.specialMaleMax,
          specialFemaleMax: input.specialFemaleMax,
          refuseRegistration: input.refuseRegistration === true,
        };
        await rules.save(company.companyId, limits, requireAuth(request).view.user.id);
        return ok(AgeRuleMessages.saved, row(await companyOf(request, company.companyId)));
      },
    );

    app.delete<{ Params: { companyId?: string } }>(
      path,
      {
        schema: {
          tags: ['labour'],
          summary: "Resets a company's age rule to the defaults",
          description: "Deletes the company's own rule: the module settings (PORTAL_LABOUR_AGE_*) apply again.",
          security,
          ...(path === OWN ? {} : { params: companyParams }),
          response: { 200: envelope({ data: ruleSchema }) },
        },
        config: { auth: 'user', permission: EDIT, title: path === OWN ? '恢复本公司默认年龄规则' : '恢复默认年龄规则' },
      },
      async (request) => {
        const company = await companyOf(request, request.params.companyId);
        await rules.reset(company.companyId);
        return ok(AgeRuleMessages.reset, row(await companyOf(request, company.companyId)));
      },
    );
  }
}
