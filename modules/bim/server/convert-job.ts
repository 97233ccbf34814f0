/**
 * The job bim-convert: one model's IFC converted to fragments in the background (a large model takes minutes and
 * must not hold a request), its progress written to the model's row as it goes (the page polls it), the fragments
 * stored in the portal's file store beside the IFC. An IFC that web-ifc cannot read fails the model with a
 * Chinese reason and is not tried again; a run cut off by a stop runs again.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ResumableUploads } from '../../../src/server/module-api.js';
import { ConversionMessages, convertIfc } from './conversion.js';
import { demoIfc } from './demo-ifc.js';
import type { BimModels } from './models.js';

declare module '../../../src/server/jobs/types.js' {
  interface JobPayloads {
    'bim-convert': { modelId: string };
  }
}

export const CONVERT_JOB = 'bim-convert';
export const DEMO_FILE_NAME = 'demo-building.ifc';

/** The demo building's IFC, written once per process (the same file for every project). */
let demoBytes: Promise<Buffer> | null = null;

/**
 * The last conversion of this process by the SHA-256 of its IFC: the same bytes convert to the same fragments, so
 * a model uploaded again (or the demo building, the same file in every project) is not converted twice in a row.
 */
let last: { sha256: string; result: Awaited<ReturnType<typeof convertIfc>> } | null = null;

async function bytesOf(uploads: ResumableUploads, id: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await uploads.read(id)) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export async function runConversion(
  models: BimModels,
  modelId: string,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<{ modelId: string; elementCount: number; conversionMs: number } | { modelId: string; failed: string }> {
  const model = await models.byId(modelId);
  if (!model) return { modelId, failed: 'gone' };
  await models.progress(modelId, 'converting', 0);
  let upload = model.ifcUpload;
  if (model.demo && !upload) {
    demoBytes ??= demoIfc().then((bytes) => Buffer.from(bytes));
    const bytes = await demoBytes;
    upload = await models.uploads.put(bytes, DEMO_FILE_NAME, 'user-manager');
    await models.attachIfc(modelId, upload, bytes.length);
  }
  const bytes = await bytesOf(models.uploads, upload);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const started = performance.now();
  let shown = 0;
  // Progress writes run one after the other and all before the final one, so a late one never undoes 'ready'.
  let writes = Promise.resolve();
  let result: Awaited<ReturnType<typeof convertIfc>>;
  try {
    result =
      last?.sha256 === sha256
        ? last.result
        : await convertIfc(bytes, (share) => {
            // A row write per 5 %: the page sees it move without a write per callback.
            const percent = Math.min(99, Math.floor(share * 100));
            if (percent >= shown + 5) {
              shown = percent;
              writes = writes.then(() => models.progress(modelId, 'converting', percent));
            }
          });
    last = { sha256, result };
    await writes;
  } catch (error) {
    await writes.catch(() => undefined);
    if (signal?.aborted) throw error;
    log.warn({ err: error, modelId }, 'bim: conversion failed');
    await models.progress(modelId, 'failed', 0, ConversionMessages.failed);
    return { modelId, failed: ConversionMessages.failed };
  }
  const conversionMs = Math.round(performance.now() - started);
  const fragmentsUpload = await models.uploads.put(Buffer.from(result.fragments), `${model.name}.frag`, 'system');
  await models.converted(
    modelId,
    fragmentsUpload,
    result.fragments.length,
    { schema: model.ifcSchema, ...result.summary },
    conversionMs,
  );
  return { modelId, elementCount: result.summary.elementCount, conversionMs };
}
