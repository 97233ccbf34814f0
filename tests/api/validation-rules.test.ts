/**
 * The rules table of spec section 5 (tests/support/validation-rules.ts) against the server's endpoints: each
 * invalid body is refused with -400 and the same message under the same field as in the browser; no valid value
 * draws the rule's message (the call may still fail for another reason: a wrong code, say).
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '../../src/shared/envelope';
import { bodyWith, ruleCases, type RuleCase, type RuleForm } from '../support/validation-rules';
import { DEMO, encryptLikeBrowser, json, loginTokens, publicKeys, sm2LikeBrowser, useTestApp } from './test-app';

const t = useTestApp({ demo: true });
let accessToken: string;
let keys: { rsaPublicKey: string; sm2PublicKey: string };

beforeAll(async () => {
  keys = await publicKeys(t.app);
  accessToken = (await loginTokens(t.app, DEMO.staff.username, DEMO.staff.password)).access_token;
});

const rsa = (value: unknown) => (typeof value === 'string' ? encryptLikeBrowser(keys.rsaPublicKey, value) : value);
const sm2 = (value: unknown) => (typeof value === 'string' ? sm2LikeBrowser(keys.sm2PublicKey, value) : value);

function encrypted(body: Record<string, unknown>, fields: string[], cipher: (value: unknown) => unknown) {
  const copy = { ...body };
  for (const field of fields) if (field in copy) copy[field] = cipher(copy[field]);
  return copy;
}

interface Endpoint {
  url: string;
  /** The request as the browser sends it for this form's values. */
  payload: (body: Record<string, unknown>) => Record<string, unknown>;
  /** The field name the server reports (nested bodies prefix it). */
  field: (name: string) => string;
  auth?: boolean;
}

const plain = (name: string) => name;
const endpoints: Record<RuleForm, Endpoint> = {
  login: { url: '/api/login', payload: (body) => encrypted(body, ['password'], rsa), field: plain },
  'phone-login': { url: '/api/login', payload: (body) => body, field: plain },
  'change-password': {
    url: '/api/user/v1.0/validateChangePassword',
    payload: (body) => encrypted(body, ['oldPassword', 'newPassword', 'againPassword'], sm2),
    field: plain,
    auth: true,
  },
  'company-info': {
    url: '/api/register/company/save',
    payload: (body) => ({ companylMessageVo: body, userManagementVo: bodyWithoutCase('company-manager') }),
    field: (name) => `companylMessageVo.${name}`,
  },
  'company-manager': {
    url: '/api/register/company/save',
    payload: (body) => ({ companylMessageVo: bodyWithoutCase('company-info'), userManagementVo: body }),
    field: (name) => `userManagementVo.${name}`,
  },
  register: {
    url: '/api/register/register',
    payload: (body) => encrypted(body, ['password', 'passwordAgain'], rsa),
    field: plain,
  },
  'forgot-password-verify': {
    url: '/api/register/verifySms',
    payload: (body) => ({ ...body, purpose: 'reset' }),
    field: plain,
  },
  'forgot-password-reset': {
    url: '/api/register/passwardUpdate',
    payload: (body) => encrypted({ username: '13800000003', ...body }, ['password', 'passwordAgain'], rsa),
    field: plain,
  },
  'ai-sms': { url: '/api/pub/ai/check', payload: (body) => ({ account: 'admin', ...body }), field: plain },
};

function bodyWithoutCase(form: RuleForm): Record<string, unknown> {
  const any = ruleCases.find((rule) => rule.form === form)!;
  return bodyWith(any, any.valid);
}

async function post(rule: RuleCase, value: string | undefined) {
  const endpoint = endpoints[rule.form];
  const response = await t.app.inject({
    method: 'POST',
    url: endpoint.url,
    headers: endpoint.auth ? { 'access-token': accessToken } : {},
    payload: endpoint.payload(bodyWith(rule, value)),
  });
  return json<{ errors?: FieldError[] }>(response);
}

describe.each(ruleCases)('$form $field: $rule', (rule) => {
  const field = endpoints[rule.form].field(rule.field);

  if (rule.browserOnly) {
    // Spec section 7's contract leaves the field out: the server does not ask for it.
    it('browser only: the server does not report the field', async () => {
      const answer = await post(rule, rule.invalid);
      expect(answer.data?.errors?.find((error) => error.field === field)).toBeUndefined();
    });
    return;
  }

  it(`invalid: -400 with "${rule.message}" for the field`, async () => {
    const answer = await post(rule, rule.invalid);
    expect(answer.msgCode).toBe(-400);
    expect(answer.data?.errors?.find((error) => error.field === field)?.message).toBe(rule.message);
  });

  it('valid: the rule holds (the field may still fail later checks: a wrong code, a wrong old password)', async () => {
    const answer = await post(rule, rule.valid);
    expect(answer.data?.errors?.find((error) => error.field === field)?.message).not.toBe(rule.message);
  });
});
