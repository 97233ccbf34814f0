/**
 * Server-side validation of a request body with the same FORM schema file the browser validates with
 * (schemas/forms/<id>.json, DESIGN.md "One schema, both sides"):
 *   1. drop empty strings (an emptied field is absent, as in the browser form);
 *   2. decrypt the fields named in `submit.encrypt` ('rsa' or 'sm2'); failure -> -400 "<title>解密失败，请刷新页面后重试";
 *   3. validate with the form's JSON Schema (runtime ajv, allErrors, $data, formats);
 *   4. map errors to the schema's own Chinese messages (src/shared/schema-messages.ts), ajv-i18n zh as fallback.
 * Validators are compiled once, when the service is built. `wireSchema()` gives the schema of the request as it
 * travels (encrypted fields are opaque strings) for a route's `body` declaration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { formAjvOptions } from '../../shared/ajv-options.js';
import { MsgCode, type FieldError } from '../../shared/envelope.js';
import {
  dropEmptyStrings,
  resolveErrors,
  type JsonSchemaNode,
  type ValidatorError,
} from '../../shared/schema-messages.js';
import { ApiError, invalidInput } from '../http/api-error.js';
import type { EncryptionMethod, FieldCrypto } from './crypto.js';

export interface FormFile {
  kind: 'form';
  id: string;
  title?: string;
  schema: JsonSchemaNode;
  submit?: { method?: string; url?: string; encrypt?: Record<string, EncryptionMethod> };
}

interface CompiledForm {
  file: FormFile;
  validate: ValidateFunction;
}

/** The message ajv-i18n gives for one error, in Chinese. */
export function zhFallback(error: ValidatorError): string {
  const copy = { ...error } as ErrorObject;
  localizeZh([copy]);
  return copy.message ?? '输入不正确';
}

export function toFieldErrors(schema: JsonSchemaNode, errors: readonly ValidatorError[]): FieldError[] {
  return resolveErrors(schema, errors, zhFallback).map(({ field, message }) => ({ field, message }));
}

export function loadFormFiles(formsDir: string): FormFile[] {
  return readdirSync(formsDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(formsDir, name), 'utf8')) as FormFile)
    .filter((file) => file.kind === 'form');
}

export class FormValidation {
  private readonly forms = new Map<string, CompiledForm>();

  constructor(
    files: FormFile[],
    private readonly crypto: FieldCrypto,
  ) {
    const ajv = new Ajv({ ...formAjvOptions });
    addFormats(ajv);
    for (const file of files) this.forms.set(file.id, { file, validate: ajv.compile(file.schema) });
  }

  has(formId: string): boolean {
    return this.forms.has(formId);
  }

  /** The decrypted, validated body typed as `T`, or throws ApiError -400. */
  validate<T>(formId: string, body: unknown): T {
    const form = this.form(formId);
    const value = dropEmptyStrings(body ?? {});
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const [field, method] of Object.entries(form.file.submit?.encrypt ?? {})) {
        const cipher = record[field];
        if (typeof cipher !== 'string') continue;
        const plain = this.crypto.decrypt(method, cipher);
        if (plain === undefined) {
          const title = form.file.schema.properties?.[field]?.title ?? field;
          throw new ApiError(MsgCode.invalidInput, `${title}解密失败，请刷新页面后重试`, {
            errors: [{ field, message: `${title}解密失败，请刷新页面后重试` }],
          });
        }
        record[field] = plain;
      }
    }
    if (!form.validate(value)) throw invalidInput(toFieldErrors(form.file.schema, form.validate.errors ?? []));
    return value as T;
  }

  /**
   * The body schema as it travels: the form's schema with every encrypted field replaced by an opaque string
   * (keeping its title and `required` message). Used as a route's `body` schema (validation and OpenAPI).
   */
  wireSchema(formId: string): JsonSchemaNode {
    const { file } = this.form(formId);
    const encrypt = file.submit?.encrypt ?? {};
    const properties: Record<string, JsonSchemaNode> = {};
    for (const [name, property] of Object.entries(file.schema.properties ?? {})) {
      const method = encrypt[name];
      if (method === undefined) {
        properties[name] = property;
        continue;
      }
      const required = typeof property.errorMessage === 'object' ? property.errorMessage.required : property.errorMessage;
      properties[name] = {
        type: 'string',
        title: property.title,
        maxLength: 2048,
        description:
          method === 'rsa'
            ? 'RSA-OAEP (SHA-256) ciphertext, base64, of the UTF-8 text; key from GET /api/pub/keys'
            : 'SM2 (cipher mode 1) ciphertext, hex with a 04 prefix; key from GET /api/pub/keys',
        ...(required ? { errorMessage: { required } } : {}),
      };
    }
    return { ...file.schema, properties };
  }

  private form(formId: string): CompiledForm {
    const form = this.forms.get(formId);
    if (!form) throw new Error(`unknown form schema "${formId}" (schemas/forms/${formId}.json)`);
    return form;
  }
}
