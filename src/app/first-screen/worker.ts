/**
 * The worker thread the server renders first screens in (src/server/first-screen/first-screens.ts): one request
 * at a time, answered with the screen or nothing. A thread of its own, so that the client's modules, written for
 * one user per page, hold one user's values at a time, and a render that hangs can be stopped whole.
 */
import { parentPort } from 'node:worker_threads';
import type { FirstScreenJob, FirstScreenWorkerMessage } from '../../shared/first-screen';
import { renderFirstScreen } from './render';

// A call the render started and no longer waits for may fail after it answered: that render's answer stands.
process.on('unhandledRejection', () => undefined);

parentPort?.on('message', (job: FirstScreenJob) => {
  void renderFirstScreen(job.request)
    .catch(() => undefined)
    .then((screen) => parentPort?.postMessage({ id: job.id, screen } satisfies FirstScreenWorkerMessage));
});
// Loaded: the server may send renders now.
parentPort?.postMessage({ ready: true } satisfies FirstScreenWorkerMessage);
