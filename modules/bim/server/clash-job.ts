/**
 * The job bim-clash: one clash check run in the background (a large pair of models takes minutes and must not hold
 * a request), its progress written to the check's row as it goes (the page polls it): reading the elements of both
 * sets from the converted fragments (0-40 %), the broad phase, then the narrow phase pair by pair (40-99 %).
 * A clash is a pair whose surfaces cross (or one inside the other) deeper than the check's tolerance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ResumableUploads } from '../../../src/server/module-api.js';
import { type ClashElement, modelOffset, readElements } from './clash-elements.js';
import { candidatePairs, contact, viewpointAt, type Vec3 } from './clash-geometry.js';
import { ClashMessages, type ClashStore, type FoundClash } from './clash-store.js';
import type { BimModels } from './models.js';

declare module '../../../src/server/jobs/types.js' {
  interface JobPayloads {
    'bim-clash': { testId: string };
  }
}

export const CLASH_JOB = 'bim-clash';

async function bytesOf(uploads: ResumableUploads, id: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await uploads.read(id)) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Lets the event loop answer requests (and the progress writes go out) during a long synchronous stretch. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

export async function runClashCheck(
  store: ClashStore,
  models: BimModels,
  testId: string,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<{ testId: string; clashes: number } | { testId: string; failed: string }> {
  const test = await store.test(testId);
  if (!test) return { testId, failed: 'gone' };
  const started = performance.now();
  let shown = 0;
  const progress = async (percent: number) => {
    // A row write per 5 %: the page sees it move without a write per element.
    if (percent < shown + 5) return;
    shown = percent;
    await store.progress(testId, 'running', Math.min(99, percent));
  };
  try {
    await store.progress(testId, 'running', 0);
    const [modelA, modelB] = [await models.byId(test.modelA), await models.byId(test.modelB)];
    if (!modelA?.fragmentsUpload || !modelB?.fragmentsUpload) {
      await store.progress(testId, 'failed', 0, ClashMessages.modelNotReady);
      return { testId, failed: ClashMessages.modelNotReady };
    }
    const same = test.modelA === test.modelB;
    const fragmentsA = await bytesOf(models.uploads, modelA.fragmentsUpload);
    const fragmentsB = same ? fragmentsA : await bytesOf(models.uploads, modelB.fragmentsUpload);
    // Each model's fragments are moved by their own offset: B comes into A's frame (the one the viewer shows).
    const offsetA = modelOffset(fragmentsA);
    const offsetB = same ? offsetA : modelOffset(fragmentsB);
    const shift = offsetA.map((value, k) => value - offsetB[k]!) as Vec3;
    const setA = readElements(fragmentsA, [test.disciplineA], [0, 0, 0]);
    await progress(20);
    const sameSet = same && test.disciplineA === test.disciplineB;
    const setB = sameSet ? setA : readElements(fragmentsB, [test.disciplineB], shift);
    await progress(40);
    const pairs = candidatePairs(
      setA.map((element) => element.mesh.box),
      setB.map((element) => element.mesh.box),
      sameSet,
    );
    const tolerance = test.toleranceMm / 1000;
    const found: FoundClash[] = [];
    const seen = new Set<string>();
    let since = performance.now();
    for (const [index, [i, j]] of pairs.entries()) {
      const a = setA[i]!;
      const b = setB[j]!;
      // Within one model an element in both sets (the discipline 全部构件) is not checked against itself, and a
      // pair is checked once.
      if (same && a.localId === b.localId) continue;
      const key = same ? [a.localId, b.localId].sort((x, y) => x - y).join('|') : `${a.localId}|${b.localId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const hit = contact(a.mesh, b.mesh);
      if (hit && hit.depth > tolerance) found.push(clashOf(a, b, hit));
      if (performance.now() - since > 200) {
        if (signal?.aborted) throw new Error('stopped');
        await progress(40 + Math.floor((index / pairs.length) * 59));
        await breathe();
        since = performance.now();
      }
    }
    await store.finished(test, found, {
      elementsA: setA.length,
      elementsB: setB.length,
      candidates: pairs.length,
      checkMs: Math.round(performance.now() - started),
    });
    return { testId, clashes: found.length };
  } catch (error) {
    if (signal?.aborted) throw error;
    log.warn({ err: error, testId }, 'bim: clash check failed');
    await store.progress(testId, 'failed', 0, ClashMessages.failed);
    return { testId, failed: ClashMessages.failed };
  }
}

function clashOf(a: ClashElement, b: ClashElement, hit: NonNullable<ReturnType<typeof contact>>): FoundClash {
  const ref = (element: ClashElement) => ({
    localId: element.localId,
    guid: element.guid,
    name: element.name,
    ifcClass: element.ifcClass,
  });
  return {
    a: ref(a),
    b: ref(b),
    storey: a.storey || b.storey,
    distanceMm: Math.round(hit.depth * 1000),
    point: hit.point.map((value) => Math.round(value * 1000) / 1000) as Vec3,
    viewpoint: viewpointAt(hit.point, hit.region),
  };
}
