/**
 * Figure 5: an admin CRUD page's first row after login (系统管理 / 字典管理, the engine's crud page), beside a
 * hand-written Arco page of the same table (bench/arco-table/: the same list call, the same columns). Both load
 * from a logged-in state (the storage a login through the form left) in a new browser context with the HTTP cache
 * disabled, alternately, and the time from navigation start until the table shows its first data row is taken on
 * every animation frame; the figure is the ratio of the medians (budget 1.25, issue 10). Beside it: when the page's
 * list request started.
 *
 * The reference page is built by Vite into a temporary directory and answered by the browser context itself under
 * /app/bench-arco-table/ (same origin as the portal, so it reads the same stored token); the same route is set in
 * the engine's loads too, so both pay the same interception.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { captchaShown } from '../scripts/chromium';
import { LOGIN_INPUT, LOGIN_PATH, median, verdict } from './browser';
import { CAPTCHA, ROOT } from './server';

export const FIRST_ROW_BUDGET_RATIO = 1.25;
const ENGINE_PATH = '/app/systemProject/dictionary';
const REFERENCE_BASE = '/app/bench-arco-table/';
const LIST_CALL = '/api/system/dictionary/list';
/** A table row with data (Arco's empty state is a row too). */
const DATA_ROW = '.arco-table tbody tr.arco-table-tr:not(.arco-table-empty-row)';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface FirstRowFigure {
  engineMs: number[];
  referenceMs: number[];
  engineListStartMs: number[];
  referenceListStartMs: number[];
  engineMedianMs: number;
  referenceMedianMs: number;
  ratio: number;
  met: boolean;
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

/** Logs in as admin through the login form; the storage it leaves is every load's starting point. */
async function loggedInState(browser: Browser, origin: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${LOGIN_PATH}`);
    await captchaShown(page);
    await page.locator(LOGIN_INPUT).fill('admin');
    await page.locator('[data-testid=login-form] input#login_password').fill('Admin@2026');
    await page.locator('[data-testid=login-form] input#login_validateCode').fill(CAPTCHA);
    await page.locator('[data-testid=login-form] input#login_validateCode').press('Enter');
    await page.waitForURL('**/app/gateway-page', { timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

declare global {
  interface Window {
    __firstRowAt?: number;
  }
}

/** Runs in the page before its scripts: the first animation frame in which a data row is laid out. */
function watchForFirstRow(selector: string): string {
  return `(() => {
    const check = () => {
      const row = document.querySelector(${JSON.stringify(selector)});
      if (row && row.getBoundingClientRect().height > 0 && row.textContent.trim() !== '') {
        window.__firstRowAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
}

async function load(
  browser: Browser,
  origin: string,
  url: string,
  storage: StorageState,
  reference: Map<string, ReferenceFile>,
): Promise<{ firstRowMs: number; listStartMs: number; listUrl: string }> {
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
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => window.__firstRowAt !== undefined, undefined, { timeout: 60_000, polling: 100 });
    const firstRowMs = Number(await page.evaluate(() => window.__firstRowAt));
    const listStartMs = await page.evaluate(
      (call) => performance.getEntriesByType('resource').find((entry) => entry.name.includes(call))?.startTime ?? -1,
      LIST_CALL,
    );
    await cdp.detach();
    return { firstRowMs, listStartMs, listUrl };
  } finally {
    await context.close();
  }
}

export async function measureAdminFirstRow(browser: Browser, origin: string, runs = 7): Promise<FirstRowFigure> {
  const reference = await buildReference();
  const storage = await loggedInState(browser, origin);
  const engineUrl = `${origin}${ENGINE_PATH}`;
  // A first engine load (not counted) warms the server and gives the list call the reference page makes.
  const warm = await load(browser, origin, engineUrl, storage, reference);
  if (!warm.listUrl) throw new Error(`the engine page made no ${LIST_CALL} call`);
  const referenceUrl = `${origin}${REFERENCE_BASE}?api=${encodeURIComponent(warm.listUrl)}`;
  await load(browser, origin, referenceUrl, storage, reference);
  const figure: Omit<FirstRowFigure, 'engineMedianMs' | 'referenceMedianMs' | 'ratio' | 'met'> = {
    engineMs: [],
    referenceMs: [],
    engineListStartMs: [],
    referenceListStartMs: [],
  };
  // Alternately, so that both share whatever else the machine is doing.
  for (let run = 0; run < runs; run += 1) {
    const engine = await load(browser, origin, engineUrl, storage, reference);
    figure.engineMs.push(engine.firstRowMs);
    figure.engineListStartMs.push(engine.listStartMs);
    const handWritten = await load(browser, origin, referenceUrl, storage, reference);
    figure.referenceMs.push(handWritten.firstRowMs);
    figure.referenceListStartMs.push(handWritten.listStartMs);
  }
  const engineMedianMs = median(figure.engineMs);
  const referenceMedianMs = median(figure.referenceMs);
  const ratio = engineMedianMs / referenceMedianMs;
  return { ...figure, engineMedianMs, referenceMedianMs, ratio, met: ratio <= FIRST_ROW_BUDGET_RATIO };
}

export function printAdminFirstRow(figure: FirstRowFigure): void {
  const samples = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  console.log(
    `\n== Figure 5: ${ENGINE_PATH} (字典管理) first data row after login, beside a hand-written Arco page (cold cache) ==`,
  );
  console.log(
    `  engine:       median ${figure.engineMedianMs.toFixed(0)} ms [${samples(figure.engineMs)}]; list call starts at median ${median(figure.engineListStartMs).toFixed(0)} ms`,
  );
  console.log(
    `  hand-written: median ${figure.referenceMedianMs.toFixed(0)} ms [${samples(figure.referenceMs)}]; list call starts at median ${median(figure.referenceListStartMs).toFixed(0)} ms`,
  );
  console.log(`  ratio ${figure.ratio.toFixed(2)}x; budget ${FIRST_ROW_BUDGET_RATIO}x: ${verdict(figure.met)}`);
}
