/** Schema messages with a real ajv: every rule's Chinese message comes from the schema file itself. */
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { formAjvOptions } from '../../src/shared/ajv-options';
import {
  dropBlankStrings,
  fieldOrder,
  resolveError,
  resolveErrors,
  type JsonSchemaNode,
  type ValidatorError,
} from '../../src/shared/schema-messages';

const schema = {
  type: 'object',
  required: ['username', 'password', 'validateCode', 'company'],
  properties: {
    username: {
      type: 'string',
      title: '用户名',
      maxLength: 20,
      errorMessage: { required: '请输入用户名', maxLength: '用户名最多20个字符' },
    },
    password: {
      type: 'string',
      minLength: 8,
      pattern: '^(?=.*[A-Za-z])(?=.*\\d).+$',
      errorMessage: { required: '请输入密码', pattern: '密码须包含字母和数字', minLength: '密码至少8位' },
    },
    validateCode: { type: 'string', maxLength: 4 },
    phone: { type: 'string', pattern: '^1\\d{10}$', errorMessage: '请输入11位手机号' },
    company: {
      type: 'object',
      required: ['unitName', 'creditCode'],
      properties: {
        unitName: {
          type: 'string',
          maxLength: 50,
          errorMessage: { required: '请输入单位名称', maxLength: '单位名称最多50个字符' },
        },
        creditCode: {
          type: 'string',
          pattern: '^[0-9A-Z]{18}$',
          errorMessage: { required: '请输入信用代码', pattern: '信用代码为18位' },
        },
      },
    },
  },
} satisfies JsonSchemaNode;

const ajv = new Ajv(formAjvOptions);
const validate = ajv.compile(schema);

const fallback = (error: ValidatorError) => `FALLBACK:${error.keyword}`;

function errorsOf(data: unknown): ValidatorError[] {
  expect(validate(data)).toBe(false);
  return (validate.errors ?? []) as ValidatorError[];
}

const valid = {
  username: 'admin',
  password: 'Admin2026x',
  validateCode: '1234',
  company: { unitName: '某建设公司', creditCode: '91110000123456789X' },
};

describe('resolveError', () => {
  it('the valid body passes (ajv accepts errorMessage with the shared options)', () => {
    expect(validate(valid)).toBe(true);
  });

  it('a required message lands on the missing field, not on the root', () => {
    const { username: _omit, ...rest } = valid;
    const [error] = errorsOf(rest);
    expect(error.keyword).toBe('required');
    expect(resolveError(schema, error, fallback)).toEqual({
      field: 'username',
      keyword: 'required',
      message: '请输入用户名',
    });
  });

  it('pattern and maxLength messages come from the property', () => {
    const patternError = errorsOf({ ...valid, password: 'onlyletters' }).find((e) => e.keyword === 'pattern');
    expect(patternError).toBeDefined();
    expect(resolveError(schema, patternError!, fallback)).toEqual({
      field: 'password',
      keyword: 'pattern',
      message: '密码须包含字母和数字',
    });

    const lengthError = errorsOf({ ...valid, username: 'x'.repeat(21) })[0];
    expect(resolveError(schema, lengthError, fallback)).toEqual({
      field: 'username',
      keyword: 'maxLength',
      message: '用户名最多20个字符',
    });
  });

  it('a string errorMessage covers every rule of its property', () => {
    const [error] = errorsOf({ ...valid, phone: '123' });
    expect(resolveError(schema, error, fallback)).toEqual({
      field: 'phone',
      keyword: 'pattern',
      message: '请输入11位手机号',
    });
  });

  it('falls back when the schema names no message', () => {
    const [error] = errorsOf({ ...valid, validateCode: '12345' });
    expect(resolveError(schema, error, fallback)).toEqual({
      field: 'validateCode',
      keyword: 'maxLength',
      message: 'FALLBACK:maxLength',
    });
    const { validateCode: _omit, ...rest } = valid;
    const [missing] = errorsOf(rest);
    expect(resolveError(schema, missing, fallback)).toEqual({
      field: 'validateCode',
      keyword: 'required',
      message: 'FALLBACK:required',
    });
  });

  it('falls back when the errorMessage object lacks that keyword', () => {
    const [error] = errorsOf({ ...valid, password: 'a1' });
    // minLength has a message; a keyword without one (type) falls back.
    expect(resolveError(schema, error, fallback).message).toBe('密码至少8位');
    const typeError = errorsOf({ ...valid, password: 12345678 }).find((e) => e.keyword === 'type');
    expect(resolveError(schema, typeError!, fallback)).toEqual({
      field: 'password',
      keyword: 'type',
      message: 'FALLBACK:type',
    });
  });

  it('nested object fields get dotted paths, for required and for rules', () => {
    const missing = errorsOf({ ...valid, company: { creditCode: '91110000123456789X' } });
    expect(resolveError(schema, missing[0], fallback)).toEqual({
      field: 'company.unitName',
      keyword: 'required',
      message: '请输入单位名称',
    });
    const bad = errorsOf({ ...valid, company: { unitName: '某公司', creditCode: 'short' } });
    expect(resolveError(schema, bad[0], fallback)).toEqual({
      field: 'company.creditCode',
      keyword: 'pattern',
      message: '信用代码为18位',
    });
  });
});

describe('resolveErrors', () => {
  it('one message per field, in the order the fields are declared', () => {
    // Violations discovered by ajv in its own order; the result follows the schema's declaration order.
    const errors = errorsOf({
      company: { unitName: 'x'.repeat(51) },
      phone: '1',
      validateCode: '123456',
      password: 'abc',
    });
    const resolved = resolveErrors(schema, errors, fallback);
    expect(resolved.map((r) => r.field)).toEqual([
      'username',
      'password',
      'validateCode',
      'phone',
      'company.unitName',
      'company.creditCode',
    ]);
    expect(resolved.map((r) => r.message)).toEqual([
      '请输入用户名',
      expect.any(String),
      'FALLBACK:maxLength',
      '请输入11位手机号',
      '单位名称最多50个字符',
      '请输入信用代码',
    ]);
  });

  it('the first rule a field breaks wins', () => {
    const errors: ValidatorError[] = [
      { instancePath: '/password', schemaPath: '#/properties/password/minLength', keyword: 'minLength', params: {} },
      { instancePath: '/password', schemaPath: '#/properties/password/pattern', keyword: 'pattern', params: {} },
    ];
    expect(resolveErrors(schema, errors, fallback)).toEqual([
      { field: 'password', keyword: 'minLength', message: '密码至少8位' },
    ]);
    expect(resolveErrors(schema, [...errors].reverse(), fallback)[0].message).toBe('密码须包含字母和数字');
  });

  it('an unknown field sorts last', () => {
    const errors: ValidatorError[] = [
      { instancePath: '/extra', schemaPath: '#/additionalProperties', keyword: 'additionalProperties', params: {} },
      { instancePath: '', schemaPath: '#/required', keyword: 'required', params: { missingProperty: 'username' } },
    ];
    expect(resolveErrors(schema, errors, fallback).map((r) => r.field)).toEqual(['username', 'extra']);
  });

  it('no errors gives an empty list', () => {
    expect(resolveErrors(schema, [], fallback)).toEqual([]);
  });
});

describe('fieldOrder', () => {
  it('lists declared properties depth first', () => {
    expect(fieldOrder(schema)).toEqual([
      'username',
      'password',
      'validateCode',
      'phone',
      'company',
      'company.unitName',
      'company.creditCode',
    ]);
  });
});

describe('dropBlankStrings', () => {
  it('removes empty and whitespace-only strings deeply and keeps every other value', () => {
    expect(
      dropBlankStrings({
        a: '',
        b: 'x',
        c: 0,
        d: false,
        e: null,
        f: { g: '', h: ' ', i: ' y ' },
        list: [{ i: '\t\u3000', j: 1 }, 'k'],
      }),
    ).toEqual({ b: 'x', c: 0, d: false, e: null, f: { i: ' y ' }, list: [{ j: 1 }, 'k'] });
  });

  it('leaves primitives alone and does not mutate the input', () => {
    expect(dropBlankStrings('')).toBe('');
    expect(dropBlankStrings(3)).toBe(3);
    const input = { a: '', b: 'b' };
    dropBlankStrings(input);
    expect(input).toEqual({ a: '', b: 'b' });
  });

  it('makes an emptied or blank required field fail as "required"', () => {
    for (const username of ['', '   ']) {
      const [error] = errorsOf(dropBlankStrings({ ...valid, username }));
      expect(resolveError(schema, error, fallback).message).toBe('请输入用户名');
    }
  });
});
