/**
 * The server's renders of logged-in first screens (src/shared/first-screen.ts), in one worker thread running the
 * build's renderer (`<webDir>/ssr/first-screen.js`, src/app/first-screen/worker.ts):
 * - the worker starts when a document of the web app is served (the login page, the gateway: a logged-in route
 *   usually follows) and stops after `idleMs` without a render, so an idle server holds none of the client's code;
 *   until it has loaded, documents go without their screen rather than wait for it;
 * - one render at a time: the portal's client modules hold one user's values while they render;
 * - a document waits for its screen `waitMs` at most, then goes without it (the browser renders it as before); a
 *   render that is still running after `stopMs` stops the worker with whatever it was doing, and the next render
 *   starts a new one;
 * - with renders already waiting (`MAX_WAITING`), a document goes without its screen at once: under load the
 *   documents stay as fast as the plain page.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  FIRST_SCREEN_DIR,
  FIRST_SCREEN_FILE,
  type FirstScreen,
  type FirstScreenJob,
  type FirstScreenRequest,
  type FirstScreenWorkerMessage,
} from '../../shared/first-screen.js';

const MAX_WAITING = 2;

export interface FirstScreensOptions {
  /** The renderer the build wrote. */
  bundle: string;
  /** How long a document waits for its screen. */
  waitMs?: number;
  /** How long a render may run before its worker is stopped. */
  stopMs?: number;
  /** How long the worker is kept without renders. */
  idleMs?: number;
  onError?: (error: Error) => void;
}

export interface FirstScreens {
  /** Starts the worker if it is not running; resolves once it has loaded (or failed to). */
  warm(): Promise<void>;
  /** The screen, or undefined when it could not be had in time (the document then goes without it). */
  render(request: FirstScreenRequest): Promise<FirstScreen | undefined>;
  close(): Promise<void>;
}

interface RunningWorker {
  thread: Worker;
  ready: boolean;
  loaded: Promise<void>;
}

export function createFirstScreens({
  bundle,
  waitMs = 600,
  stopMs = 5000,
  idleMs = 5 * 60_000,
  onError,
}: FirstScreensOptions): FirstScreens {
  let worker: RunningWorker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let waiting = 0;
  /** The render running now (resolves when it is done or stopped). */
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const stopWorker = () => {
    const stopping = worker;
    worker = undefined;
    if (stopping) void stopping.thread.terminate();
  };

  const stopWhenIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stopWorker, idleMs).unref();
  };

  const startedWorker = (): RunningWorker => {
    if (worker) return worker;
    const thread = new Worker(bundle);
    thread.unref();
    const loaded = new Promise<void>((resolve) => {
      thread.on('message', (message: FirstScreenWorkerMessage) => {
        if ('ready' in message) {
          started.ready = true;
          resolve();
        }
      });
      thread.on('error', (error) => {
        onError?.(error);
        if (worker === started) worker = undefined;
        resolve();
      });
      thread.on('exit', () => {
        if (worker === started) worker = undefined;
        resolve();
      });
    });
    const started: RunningWorker = { thread, ready: false, loaded };
    worker = started;
    stopWhenIdle();
    return started;
  };

  /** One render in the worker: its screen, or undefined when it failed or ran past `stopMs`. */
  const renderInWorker = (request: FirstScreenRequest): Promise<FirstScreen | undefined> =>
    new Promise((resolve) => {
      const { thread } = startedWorker();
      const id = nextId++;
      const finish = (screen: FirstScreen | undefined) => {
        clearTimeout(stopTimer);
        thread.off('message', onMessage);
        thread.off('exit', onExit);
        resolve(screen);
      };
      const onMessage = (message: FirstScreenWorkerMessage) => {
        if ('id' in message && message.id === id) finish(message.screen);
      };
      const onExit = () => finish(undefined);
      const stopTimer = setTimeout(() => {
        stopWorker();
        finish(undefined);
      }, stopMs);
      thread.on('message', onMessage);
      thread.on('exit', onExit);
      thread.postMessage({ id, request } satisfies FirstScreenJob);
    });

  return {
    async warm() {
      if (!closed) await startedWorker().loaded;
    },
    render(request) {
      if (closed || waiting >= MAX_WAITING) return Promise.resolve(undefined);
      // A worker still loading would make this document wait longer than the browser takes to render it.
      if (!startedWorker().ready) return Promise.resolve(undefined);
      clearTimeout(idleTimer);
      waiting += 1;
      const rendered = queue.then(() => renderInWorker(request));
      queue = rendered.finally(() => {
        waiting -= 1;
        if (!closed) stopWhenIdle();
      });
      let waitTimer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => {
        waitTimer = setTimeout(resolve, waitMs, undefined);
      });
      return Promise.race([rendered, late]).finally(() => clearTimeout(waitTimer));
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const stopping = worker;
      worker = undefined;
      await stopping?.thread.terminate();
    },
  };
}

/** The renders of the build in `webDir`, or undefined when the build wrote no renderer. */
export function firstScreensIn(webDir: string, onError?: (error: Error) => void): FirstScreens | undefined {
  const bundle = path.join(webDir, FIRST_SCREEN_DIR, FIRST_SCREEN_FILE);
  return existsSync(bundle) ? createFirstScreens({ bundle, onError }) : undefined;
}
