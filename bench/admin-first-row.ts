/**
 * Figure 5: an admin CRUD page's first row after login (系统管理 / 字典管理, the engine's crud page), beside
 * the same screen written by hand with Arco (bench/arco-table/: the same list call, heading, search form, toolbar,
 * columns with their 操作 column, pagination):
 * - the page alone, a single-page app of its own (main.tsx): the figure of issue 10's budget (1.25x);
 * - the page inside the portal's own layout (portal-page.tsx): the portal built with that page in place of the
 *   engine's page renderer, on a second server, so that only the page differs (printed beside, no budget).
 * Every load starts from a logged-in state (the storage and cookies a login through the form left) in a new browser
 * context with the HTTP cache disabled, the three alternately, and the time from navigation start until the table
 * shows its first data row is taken on every animation frame; the figures are ratios of the medians. The portal's
 * pages arrive with their first screen rendered by the server (src/shared/first-screen.ts), the hand-written page
 * inside the layout too: its rows are seen before the page's code runs. Beside the figures: when the page's list
 * request started (none when the document answered it), and when a row was first laid out by the page's code.
 *
 * The first reference is built by Vite into a temporary directory and answered by the browser context itself under
 * /app/bench-arco-table/ (same origin as the portal, so it reads the same stored token); the same route is set in
 * the engine's loads too, so both pay the same interception.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { FIRST_SCREEN_ANSWERS_ID, type FirstScreenAnswer } from '../src/shared/first-screen';
import { pageHintTag } from '../src/shared/layout-page';
import { loggedInState, median, verdict, type StorageState } from './browser';
import { ROOT, startServer } from './server';

export const FIRST_ROW_BUDGET_RATIO = 1.25;
const ENGINE_PATH = '/app/systemProject/dictionary';
const REFERENCE_BASE = '/app/bench-arco-table/';
const LIST_CALL = '/api/system/dictionary/list';
/** A table row with data (Arco's empty state is a row too). */
const DATA_ROW = '.arco-table tbody tr.arco-table-tr:not(.arco-table-empty-row)';

export interface FirstRowFigure {
  engineMs: number[];
  referenceMs: number[];
  engineListStartMs: number[];
  referenceListStartMs: number[];
  /** When a row was first laid out by the page's code (a row of the server's first screen is seen, not usable). */
  engineUsableMs: number[];
  referenceUsableMs: number[];
  engineMedianMs: number;
  referenceMedianMs: number;
  ratio: number;
  met: boolean;
  /** The hand-written page inside the portal's layout (no budget). */
  inLayout: { ms: number[]; listStartMs: number[]; usableMs: number[]; medianMs: number; ratio: number };
}

interface ReferenceFile {
  body: Buffer;
  contentType: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Builds the hand-written page (a production build, whatever the caller's NODE_ENV) and reads it into memory. */
async function buildReference(): Promise<Map<string, ReferenceFile>> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-arco-table-'));
  try {
    const result = spawnSync(
      'npx',
      [
        'vite',
        'build',
        '--config',
        'bench/arco-table/vite.config.ts',
        '--base',
        REFERENCE_BASE,
        '--logLevel',
        'warn',
        '--outDir',
        outDir,
      ],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (result.status !== 0) throw new Error(`vite build of the reference page failed (${String(result.status)})`);
    const files = new Map<string, ReferenceFile>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else
          files.set(path.relative(outDir, full).split(path.sep).join('/'), {
            body: readFileSync(full),
            contentType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
          });
      }
    };
    walk(outDir);
    return files;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Builds the portal with the hand-written page in place of the engine's page renderer
 * (bench/arco-table/portal.vite.config.ts). Its route preloading is the portal's: the server names the page for
 * the route, whose code is already in the layout's chunk (nothing more to preload).
 */
async function buildPortalReference(): Promise<{ webDir: string; cleanup(): Promise<void> }> {
  const webDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-in-layout-'));
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'bench/arco-table/portal.vite.config.ts', '--logLevel', 'error', '--outDir', webDir],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) {
    await rm(webDir, { recursive: true, force: true });
    throw new Error(`vite build of the in-layout reference failed (${String(result.status)})`);
  }
  await writeFile(path.join(webDir, 'page-preloads.json'), JSON.stringify({ dictionary: [] }));
  return { webDir, cleanup: () => rm(webDir, { recursive: true, force: true }) };
}

declare global {
  interface Window {
    __firstRowAt?: number;
    __usableAt?: number;
  }
}

/**
 * Runs in the page before its scripts: the first animation frame in which a data row is laid out, and the first
 * in which one is laid out by the page's code (not inside the server's first screen, src/shared/first-screen.ts).
 */
function watchForFirstRow(selector: string): string {
  return `(() => {
    const check = () => {
      const rows = [...document.querySelectorAll(${JSON.stringify(selector)})].filter(
        (row) => row.getBoundingClientRect().height > 0 && row.textContent.trim() !== '',
      );
      if (rows.length > 0 && window.__firstRowAt === undefined) window.__firstRowAt = performance.now();
      if (rows.some((row) => !row.closest('.first-screen'))) {
        window.__usableAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
}

/**
 * The list call the server's render of the first screen made (src/shared/first-screen.ts): the page then makes
 * none, its answer being in the document.
 */
function listCallAnsweredIn(document: string, origin: string): string {
  const start = document.indexOf(`id="${FIRST_SCREEN_ANSWERS_ID}">`);
  if (start < 0) return '';
  const json = document.slice(document.indexOf('>', start) + 1, document.indexOf('</script>', start));
  const answers = JSON.parse(json) as FirstScreenAnswer[];
  const list = answers.find((answer) => answer.url.startsWith(LIST_CALL));
  return list ? `${origin}${list.url}` : '';
}

async function load(
  browser: Browser,
  origin: string,
  url: string,
  storage: StorageState,
  reference: Map<string, ReferenceFile>,
): Promise<{ firstRowMs: number; usableMs: number; listStartMs: number; listUrl: string; document: string }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: storage });
  try {
    await context.route(`${origin}${REFERENCE_BASE}**`, async (route) => {
      const relative = new URL(route.request().url()).pathname.slice(REFERENCE_BASE.length);
      const file = reference.get(relative) ?? reference.get('index.html');
      if (!file) return route.fulfill({ status: 404 });
      return route.fulfill({ status: 200, contentType: file.contentType, body: file.body });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let listUrl = '';
    page.on('request', (request) => {
      if (!listUrl && request.url().includes(LIST_CALL)) listUrl = request.url();
    });
    await page.addInitScript({ content: watchForFirstRow(DATA_ROW) });
    const navigation = await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => window.__usableAt !== undefined, undefined, { timeout: 60_000, polling: 100 });
    const firstRowMs = Number(await page.evaluate(() => window.__firstRowAt));
    const usableMs = Number(await page.evaluate(() => window.__usableAt));
    const listStartMs = await page.evaluate(
      (call) => performance.getEntriesByType('resource').find((entry) => entry.name.includes(call))?.startTime ?? -1,
      LIST_CALL,
    );
    await cdp.detach();
    const document = (await navigation?.text()) ?? '';
    return { firstRowMs, usableMs, listStartMs, listUrl: listUrl || listCallAnsweredIn(document, origin), document };
  } finally {
    await context.close();
  }
}

export async function measureAdminFirstRow(browser: Browser, origin: string, runs = 7): Promise<FirstRowFigure> {
  const reference = await buildReference();
  const portalReference = await buildPortalReference();
  const inLayoutServer = await startServer(portalReference.webDir).catch(async (error: unknown) => {
    await portalReference.cleanup();
    throw error;
  });
  try {
    const storage = await loggedInState(browser, origin);
    const inLayoutStorage = await loggedInState(browser, inLayoutServer.origin);
    const engineUrl = `${origin}${ENGINE_PATH}`;
    const inLayoutUrl = `${inLayoutServer.origin}${ENGINE_PATH}`;
    // A first engine load (not counted) warms the server and gives the list call the reference page makes.
    const warm = await load(browser, origin, engineUrl, storage, reference);
    if (!warm.listUrl) throw new Error(`the engine page made no ${LIST_CALL} call`);
    const referenceUrl = `${origin}${REFERENCE_BASE}?api=${encodeURIComponent(warm.listUrl)}`;
    await load(browser, origin, referenceUrl, storage, reference);
    const inLayoutWarm = await load(browser, inLayoutServer.origin, inLayoutUrl, inLayoutStorage, reference);
    if (!inLayoutWarm.document.includes(pageHintTag('dictionary')))
      throw new Error('the in-layout reference was not answered with its page named: its server is not the portal');
    const figure = {
      engineMs: [] as number[],
      referenceMs: [] as number[],
      engineListStartMs: [] as number[],
      referenceListStartMs: [] as number[],
      inLayoutMs: [] as number[],
      inLayoutListStartMs: [] as number[],
      engineUsableMs: [] as number[],
      referenceUsableMs: [] as number[],
      inLayoutUsableMs: [] as number[],
    };
    // Alternately, so that all three share whatever else the machine is doing.
    for (let run = 0; run < runs; run += 1) {
      const engine = await load(browser, origin, engineUrl, storage, reference);
      figure.engineMs.push(engine.firstRowMs);
      figure.engineListStartMs.push(engine.listStartMs);
      figure.engineUsableMs.push(engine.usableMs);
      const handWritten = await load(browser, origin, referenceUrl, storage, reference);
      figure.referenceMs.push(handWritten.firstRowMs);
      figure.referenceListStartMs.push(handWritten.listStartMs);
      figure.referenceUsableMs.push(handWritten.usableMs);
      const inLayout = await load(browser, inLayoutServer.origin, inLayoutUrl, inLayoutStorage, reference);
      figure.inLayoutMs.push(inLayout.firstRowMs);
      figure.inLayoutListStartMs.push(inLayout.listStartMs);
      figure.inLayoutUsableMs.push(inLayout.usableMs);
    }
    const engineMedianMs = median(figure.engineMs);
    const referenceMedianMs = median(figure.referenceMs);
    const inLayoutMedianMs = median(figure.inLayoutMs);
    const ratio = engineMedianMs / referenceMedianMs;
    return {
      engineMs: figure.engineMs,
      referenceMs: figure.referenceMs,
      engineListStartMs: figure.engineListStartMs,
      referenceListStartMs: figure.referenceListStartMs,
      engineUsableMs: figure.engineUsableMs,
      referenceUsableMs: figure.referenceUsableMs,
      engineMedianMs,
      referenceMedianMs,
      ratio,
      met: ratio <= FIRST_ROW_BUDGET_RATIO,
      inLayout: {
        ms: figure.inLayoutMs,
        listStartMs: figure.inLayoutListStartMs,
        usableMs: figure.inLayoutUsableMs,
        medianMs: inLayoutMedianMs,
        ratio: engineMedianMs / inLayoutMedianMs,
      },
    };
  } finally {
    await inLayoutServer.stop();
    await portalReference.cleanup();
  }
}

export function printAdminFirstRow(figure: FirstRowFigure): void {
  const samples = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  // -1: no list call, its answer came in the document (the server rendered the first screen).
  const listStart = (values: number[]) =>
    values.every((ms) => ms < 0)
      ? 'none (answered in the document)'
      : `starts at median ${median(values).toFixed(0)} ms`;
  console.log(
    `\n== Figure 5: ${ENGINE_PATH} (字典管理) first data row after login, beside a hand-written Arco page (cold cache) ==`,
  );
  console.log(
    `  engine:       median ${figure.engineMedianMs.toFixed(0)} ms [${samples(figure.engineMs)}]; list call ${listStart(figure.engineListStartMs)}`,
  );
  console.log(
    `  hand-written: median ${figure.referenceMedianMs.toFixed(0)} ms [${samples(figure.referenceMs)}]; list call ${listStart(figure.referenceListStartMs)}`,
  );
  console.log(`  ratio ${figure.ratio.toFixed(2)}x; budget ${FIRST_ROW_BUDGET_RATIO}x: ${verdict(figure.met)}`);
  console.log(
    `  hand-written inside the portal's layout: median ${figure.inLayout.medianMs.toFixed(0)} ms [${samples(figure.inLayout.ms)}]; list call ${listStart(figure.inLayout.listStartMs)}`,
  );
  console.log(`  engine / hand-written in the same layout: ${figure.inLayout.ratio.toFixed(2)}x (no budget)`);
  // The server's first screen is seen before the page's code runs: when the rows are usable, beside (no budget).
  console.log(
    `  rows usable (the page's code rendered them): engine ${median(figure.engineUsableMs).toFixed(0)} ms, hand-written ${median(figure.referenceUsableMs).toFixed(0)} ms, hand-written in the layout ${median(figure.inLayout.usableMs).toFixed(0)} ms (no budget)`,
  );
}
