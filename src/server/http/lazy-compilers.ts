/**
 * Fastify's own schema compilers (Ajv for validation, fast-json-stringify for responses), each route's function
 * compiled on its first use instead of at start. Fastify compiles every route's schemas when the app becomes ready:
 * with several hundred routes that was about a fifth of a start's CPU time and tens of MB of generated code kept
 * for routes an instance may never serve. The compilers, their options and the shared schemas are Fastify's
 * defaults; only the moment of compiling moves.
 */
import ajvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import serializerCompiler, { type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { AnySchema, AnyValidateFunction } from 'ajv/dist/core.js';
import type { DataValidationCxt } from 'ajv/dist/types/index.js';
import type { FastifyServerOptions } from 'fastify';

type SchemaControllerOptions = NonNullable<FastifyServerOptions['schemaController']>;

// Fastify's pools: one compiler (one Ajv instance) per set of shared schemas and options.
const validatorPool = ajvCompiler();
const serializerPool = serializerCompiler();

const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
  // Even the Ajv instance waits for a first request: creating one compiles the JSON Schema meta-schema.
  let compiler: ReturnType<BuildCompilerFromPool> | undefined;
  // Fastify passes its route definition (schema, method, url, part) where the type says schema.
  return (routeSchema: AnySchema) => {
    let compiled: AnyValidateFunction | undefined;
    const validator = () => (compiled ??= (compiler ??= validatorPool(externalSchemas, options))(routeSchema));
    const lazy = (data: unknown, context?: DataValidationCxt) => validator()(data, context);
    // Fastify reads a validator's `errors` after a failed call, and passes the parent object (so that Ajv may
    // coerce a whole query string or parameter object) only to a function that has Ajv's `schemaEnv`.
    Object.defineProperties(lazy, {
      errors: { get: () => validator().errors },
      schemaEnv: { get: () => validator().schemaEnv },
    });
    return lazy as AnyValidateFunction;
  };
};

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  let compiler: ReturnType<SerializerFactory> | undefined;
  return (routeSchema) => {
    let compiled: Serializer | undefined;
    return (data: unknown) => (compiled ??= (compiler ??= serializerPool(externalSchemas, options))(routeSchema))(data);
  };
};

/** The `schemaController` option of every app. */
export const lazySchemaController: SchemaControllerOptions = {
  compilersFactory: { buildValidator, buildSerializer },
};
