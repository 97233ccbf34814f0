/**
 * Server-side validation of a request body with the same FORM schema file the browser validates with
 * (schemas/forms/<id>.json, DESIGN.md "One schema, both sides"):
 *   1. drop blank strings (an emptied or whitespace-only field is absent, as in the browser form);
 *   2. decrypt the fields named in `submit.api.encrypt` ('rsa' or 'sm2'); failure -> -400 "<title>解密失败，请刷新页面后重试";
 *      a field that decrypts to blank text is absent too;
 *   3. validate with the form's JSON Schema (runtime ajv, allErrors, $data, formats), except that the fields of
 *      `requiredInBrowserOnly` (a confirmation the browser checks) are not required;
 *   4. map errors to the schema's own Chinese messages (src/shared/schema-messages.ts), ajv-i18n zh as fallback.
 * Validators are compiled once, on a form's first validation (compiling all of them cost a tenth of every start). `wireSchema()` gives the schema of the request as it
 * travels (encrypted fields are opaque strings) for a route's `body` declaration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { formAjvOptions } from '../../shared/ajv-options.js';
import type { FieldError } from '../../shared/envelope.js';
import {
  dropBlankStrings,
  isBlank,
  resolveErrors,
  type JsonSchemaNode,
  type ValidatorError,
} from '../../shared/schema-messages.js';
import type { EncryptionMethod, FieldCrypto } from '../accounts/crypto.js';
import { DomainError, invalidField, invalidFields } from '../domain-error.js';

export interface FormFile {
  kind: 'form';
  id: string;
  title?: string;
  schema: JsonSchemaNode;
  requiredInBrowserOnly?: string[];
  submit?: { api?: { method?: string; url?: string; encrypt?: Record<string, EncryptionMethod> } };
}

interface PreparedForm {
  file: FormFile;
  /** The form's schema as the server applies it (see `serverSchemaOf`). */
  schema: JsonSchemaNode;
  wire: JsonSchemaNode;
  /** Compiled on first use. */
  validators?: FormValidators;
}

interface FormValidators {
  validate: ValidateFunction;
  /** The request as it travels (encrypted fields opaque), checked before anything is decrypted. */
  validateWire: ValidateFunction;
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

/**
 * The form's schema without the browser-only requirements: an API client that checked a confirmation itself (spec
 * section 7 names only oldPassword and newPassword) may leave it out; when it is sent, its rules still apply.
 */
function serverSchemaOf(file: FormFile): JsonSchemaNode {
  const browserOnly = new Set(file.requiredInBrowserOnly ?? []);
  if (browserOnly.size === 0) return file.schema;
  return { ...file.schema, required: (file.schema.required ?? []).filter((name) => !browserOnly.has(name)) };
}

/** The form's schema with every encrypted field replaced by an opaque string (title and `required` message kept). */
function wireSchemaOf(file: FormFile, schema: JsonSchemaNode): JsonSchemaNode {
  const encrypt = file.submit?.api?.encrypt ?? {};
  const properties: Record<string, JsonSchemaNode> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
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
  return { ...schema, properties };
}

export function loadFormFiles(formsDir: string): FormFile[] {
  return readdirSync(formsDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(formsDir, name), 'utf8')) as FormFile)
    .filter((file) => file.kind === 'form');
}

export class FormValidation {
  private readonly forms = new Map<string, PreparedForm>();
  private readonly ajv: Ajv;

  constructor(
    files: FormFile[],
    // Only decryption is used: a form without encrypted fields (a process form) needs no keys.
    private readonly crypto: Pick<FieldCrypto, 'decrypt'>,
  ) {
    this.ajv = new Ajv({ ...formAjvOptions });
    addFormats(this.ajv);
    for (const file of files) {
      const schema = serverSchemaOf(file);
      this.forms.set(file.id, { file, schema, wire: wireSchemaOf(file, schema) });
    }
  }

  /** Adds a form known only at run time (a published process definition's); an id already known is kept. */
  add(file: FormFile): void {
    if (this.forms.has(file.id)) return;
    const schema = serverSchemaOf(file);
    this.forms.set(file.id, { file, schema, wire: wireSchemaOf(file, schema) });
  }

  has(formId: string): boolean {
    return this.forms.has(formId);
  }

  /**
   * The decrypted, validated body typed as `T`, or throws an 'invalid' DomainError (-400). With `prefix` (a body that nests the
   * form's values under a key) every reported field is `<prefix>.<field>`.
   */
  validate<T>(formId: string, body: unknown, options: { prefix?: string } = {}): T {
    if (options.prefix === undefined) return this.validateForm<T>(formId, body);
    const prefix = options.prefix;
    try {
      return this.validateForm<T>(formId, body);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw invalidFields(
        error.fields.map((e) => ({ field: e.field ? `${prefix}.${e.field}` : prefix, message: e.message })),
      );
    }
  }

  /** Whether the form sends fields encrypted: its body then reaches a handler as ciphertext until `validate`. */
  encrypts(formId: string): boolean {
    return Object.keys(this.form(formId).file.submit?.api?.encrypt ?? {}).length > 0;
  }

  /**
   * The wire schema of one field of a form (see `wireSchema`), for a route that takes a few of a form's fields
   * (a phone number to send a code to) and so validates them with the same rule and message.
   */
  fieldSchema(formId: string, field: string): JsonSchemaNode {
    const property = this.wireSchema(formId).properties?.[field];
    if (!property) throw new Error(`form "${formId}" has no field "${field}"`);
    return property;
  }

  private validateForm<T>(formId: string, body: unknown): T {
    const form = this.form(formId);
    form.validators ??= { validate: this.ajv.compile(form.schema), validateWire: this.ajv.compile(form.wire) };
    const { validate, validateWire } = form.validators;
    const value = dropBlankStrings(body ?? {});
    // Missing fields are reported as such, before an undecryptable one (the order the browser form shows them).
    if (!validateWire(value)) throw invalidFields(toFieldErrors(form.wire, validateWire.errors ?? []));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const [field, method] of Object.entries(form.file.submit?.api?.encrypt ?? {})) {
        const cipher = record[field];
        if (typeof cipher !== 'string') continue;
        const plain = this.crypto.decrypt(method, cipher);
        if (plain === undefined) {
          const title = form.file.schema.properties?.[field]?.title ?? field;
          throw invalidField(field, `${title}解密失败，请刷新页面后重试`);
        }
        if (isBlank(plain)) delete record[field];
        else record[field] = plain;
      }
    }
    if (!validate(value)) throw invalidFields(toFieldErrors(form.schema, validate.errors ?? []));
    return value as T;
  }

  /**
   * The body schema as it travels: the form's schema with every encrypted field replaced by an opaque string
   * (keeping its title and `required` message). Used as a route's `body` schema (validation and OpenAPI).
   */
  wireSchema(formId: string): JsonSchemaNode {
    // A copy: routes build on it and Fastify may annotate the schemas it is given.
    return structuredClone(this.form(formId).wire);
  }

  private form(formId: string): PreparedForm {
    const form = this.forms.get(formId);
    if (!form) throw new Error(`unknown form schema "${formId}" (schemas/forms/${formId}.json)`);
    return form;
  }
}
