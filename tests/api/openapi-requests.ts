/**
 * Requests made from the OpenAPI document the server serves, for the tests that go over every route: the fuzzing
 * (fuzz.test.ts) and the sweep of users of every kind (scope-sweep.test.ts). Walking the document, not a list of
 * routes, is what covers a new route or collection without anyone adding it to a test.
 */
import type { FastifyInstance } from 'fastify';
import { json } from './test-app.js';

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface DocumentedOperation {
  method: string;
  /** The path template, `{name}` for each path parameter. */
  template: string;
  operation: Operation;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  return json(await app.inject({ method: 'GET', url: '/api/pub/openapi.json' })) as unknown as OpenApiDocument;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  const list: DocumentedOperation[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (HTTP_METHODS.has(method)) list.push({ method, template, operation });
    }
  }
  return list;
}

export function jsonBodySchema(operation: Operation): JsonSchema | undefined {
  return operation.requestBody?.content?.['application/json']?.schema;
}

/** mulberry32: a small seeded generator, enough to pick cases reproducibly. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A plausible value for a schema: the first of an enum, the default, a date for a date, a small number, an object
 * of plausible members. `named` answers first for a property or parameter whose name says what it holds.
 */
export function plausible(
  schema: JsonSchema | undefined,
  options: { pick?: <T>(choices: readonly T[]) => T; named?: (name: string) => unknown } = {},
  depth = 0,
): unknown {
  if (!schema || depth > 4) return 'a';
  const pick = options.pick ?? (<T>(choices: readonly T[]): T => choices[0]);
  if (schema.enum && schema.enum.length > 0) return pick(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.default === 'number' ? schema.default : Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items, options, depth + 1)];
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, member] of Object.entries(schema.properties ?? {})) {
        const named = options.named?.(key);
        result[key] = named !== undefined ? named : plausible(member, options, depth + 1);
      }
      return result;
    }
    default:
      if (typeof schema.default === 'string') return schema.default;
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'a1';
  }
}

/** What must never reach a client: stack frames, file paths of the server, raw driver messages. */
export const LEAKS: readonly RegExp[] = [
  /\n\s+at .+/,
  /node_modules/,
  /\/(work|home|root|tmp|usr|src)\/[\w.-]+/,
  /\.(ts|js|mjs):\d+/,
  /invalid byte sequence|syntax error at or near|violates .* constraint/,
];
