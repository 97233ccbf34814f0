/**
 * The job bim-split: one model's IFC split into parts (split-ifc.ts) in the background, its progress written to the
 * split's row as it goes (the page polls it); each part stored as a model of the project and queued for the job
 * bim-convert, which converts it for the viewer as any model. A file web-ifc cannot read fails the split with a
 * Chinese reason; a run cut off by a stop runs again from the start (the parts it had written are deleted first).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ResumableUploads } from '../../../src/server/module-api.js';
import type { BimModels } from './models.js';
import { splitIfc, SplitMessages } from './split-ifc.js';
import type { BimSplits } from './split-store.js';

declare module '../../../src/server/jobs/types.js' {
  interface JobPayloads {
    'bim-split': { splitId: string };
  }
}

export const SPLIT_JOB = 'bim-split';

export const SplitJobMessages = {
  sourceGone: '原模型不存在或已被删除',
} as const;

export interface SplitJobDeps {
  splits: BimSplits;
  models: BimModels;
  /** Queues a part's conversion (the job bim-convert). */
  convert(modelId: string, projectId: string, ownerId: string): Promise<void>;
  log: FastifyBaseLogger;
}

async function bytesOf(uploads: ResumableUploads, id: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await uploads.read(id)) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export async function runSplit(
  { splits, models, convert, log }: SplitJobDeps,
  splitId: string,
  signal?: AbortSignal,
): Promise<{ splitId: string; parts: number } | { splitId: string; failed: string }> {
  const split = await splits.byId(splitId);
  if (!split) return { splitId, failed: 'gone' };
  const ownerId = split.createdBy;
  for (const part of await splits.partIds(splitId)) await models.remove(part);
  await splits.progress(splitId, 'splitting', 0);
  const source = await models.byId(split.modelId);
  if (!source?.ifcUpload) {
    await splits.progress(splitId, 'failed', 0, SplitJobMessages.sourceGone);
    return { splitId, failed: SplitJobMessages.sourceGone };
  }
  const bytes = await bytesOf(models.uploads, source.ifcUpload);
  let shown = 0;
  // Progress writes run one after the other and all before the final one, so a late one never undoes 'done'.
  let writes = Promise.resolve();
  let result: Awaited<ReturnType<typeof splitIfc>>;
  try {
    result = await splitIfc(
      bytes,
      split.mode,
      (share) => {
        // Splitting is 0-90 %, storing the parts the rest; a row write per 5 %.
        const percent = Math.min(90, Math.floor(share * 90));
        if (percent >= shown + 5) {
          shown = percent;
          writes = writes.then(() => splits.progress(splitId, 'splitting', percent));
        }
      },
      signal,
    );
    await writes;
  } catch (error) {
    await writes.catch(() => undefined);
    if (signal?.aborted) throw error;
    log.warn({ err: error, splitId }, 'bim: split failed');
    await splits.progress(splitId, 'failed', 0, SplitMessages.unreadable);
    return { splitId, failed: SplitMessages.unreadable };
  }
  if (result.parts.length === 0) {
    await splits.progress(splitId, 'failed', 0, SplitMessages.empty);
    return { splitId, failed: SplitMessages.empty };
  }
  for (const [order, part] of result.parts.entries()) {
    signal?.throwIfAborted();
    const modelId = await splits.addPart(split, { ...part, order }, result.schema, ownerId);
    await convert(modelId, split.projectId, ownerId);
    await splits.progress(splitId, 'splitting', 90 + Math.floor((10 * (order + 1)) / result.parts.length) - 1);
  }
  await splits.progress(splitId, 'done', 100);
  return { splitId, parts: result.parts.length };
}
