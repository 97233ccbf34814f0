/**
 * Figure 8: the big screens' first full render after login: from navigation start until every panel of the screen
 * has drawn (no panel still loading, every chart with its marks, the map's canvas painted), for the company screen
 * (/screen/company: the map of China and the modules' figures per project) and the project screen (/screen). Each
 * load starts from a logged-in state (admin: every panel, every project) in a new browser context with the HTTP
 * cache disabled, at 1920 x 1080, the two screens alternately; checked on every animation frame.
 */
import type { Browser } from 'playwright-core';
import { loggedInState, median, verdict, type StorageState } from './browser';

/** A wall screen should be complete within this, unthrottled on this machine (its outlines and charts included). */
export const SCREEN_RENDER_BUDGET_MS = 3000;

const SCREENS = [
  { name: 'company screen', path: '/app/screen/company', id: 'company-screen' },
  { name: 'project screen', path: '/app/screen', id: 'project-screen' },
] as const;

export interface ScreenRenderFigure {
  name: string;
  ms: number[];
  panels: number;
  medianMs: number;
  met: boolean;
}

declare global {
  interface Window {
    __screenDrawnAt?: number;
    __screenPanels?: number;
  }
}

/**
 * Runs in the page from its start: on every frame, whether the dashboard `id` is there with every panel drawn. A panel
 * is drawn when nothing in it is loading, each of its charts has marks (SVG paths) and its map canvas has pixels.
 */
function watchForDrawnScreen(id: string): string {
  return `(() => {
    const painted = (canvas) => {
      if (!canvas.width) return false;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 64) if (data[i] > 0) return true;
      return false;
    };
    const drawn = (panel) => {
      if (panel.querySelector('.engine-loading')) return false;
      for (const chart of panel.querySelectorAll('[data-testid=echart]')) if (!chart.querySelector('svg path')) return false;
      const map = panel.querySelector('[data-testid=project-map]');
      if (map) {
        const canvas = map.querySelector('canvas');
        if (!canvas || !painted(canvas)) return false;
      }
      return true;
    };
    const check = () => {
      const screen = document.querySelector('[data-testid="dashboard-${id}"]');
      const panels = screen ? [...screen.querySelectorAll('.dashboard-panel')] : [];
      if (panels.length > 0 && panels.every(drawn)) {
        window.__screenDrawnAt = performance.now();
        window.__screenPanels = panels.length;
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
  screen: (typeof SCREENS)[number],
  storage: StorageState,
): Promise<{ ms: number; panels: number }> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, storageState: storage });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript({ content: watchForDrawnScreen(screen.id) });
    await page.goto(`${origin}${screen.path}`, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => window.__screenDrawnAt !== undefined, undefined, {
      timeout: 60_000,
      polling: 100,
    });
    const ms = Number(await page.evaluate(() => window.__screenDrawnAt));
    const panels = Number(await page.evaluate(() => window.__screenPanels));
    await cdp.detach();
    return { ms, panels };
  } finally {
    await context.close();
  }
}

export async function measureScreenRender(browser: Browser, origin: string, runs = 5): Promise<ScreenRenderFigure[]> {
  const storage = await loggedInState(browser, origin);
  // A first load of each (not counted) warms the server: its first reads of the map outlines and the figures.
  for (const screen of SCREENS) await load(browser, origin, screen, storage);
  const figures = SCREENS.map((screen) => ({ name: screen.name, ms: [] as number[], panels: 0 }));
  for (let run = 0; run < runs; run += 1) {
    for (const [index, screen] of SCREENS.entries()) {
      const loaded = await load(browser, origin, screen, storage);
      figures[index].ms.push(loaded.ms);
      figures[index].panels = loaded.panels;
    }
  }
  return figures.map((figure) => {
    const medianMs = median(figure.ms);
    return { ...figure, medianMs, met: medianMs <= SCREEN_RENDER_BUDGET_MS };
  });
}

export function printScreenRender(figures: readonly ScreenRenderFigure[]): void {
  console.log('\n== Figure 8: navigation start -> every panel of a big screen drawn (1920x1080, after login) ==');
  for (const figure of figures)
    console.log(
      `  ${figure.name.padEnd(15)} ${figure.panels} panels, median ${figure.medianMs.toFixed(0)} ms ` +
        `(${figure.ms.map((ms) => ms.toFixed(0)).join(', ')})  (<= ${SCREEN_RENDER_BUDGET_MS} ms)  ${verdict(figure.met)}`,
    );
}

export const screenRenderSummary = (figures: readonly ScreenRenderFigure[]): string[] =>
  figures.map(
    (figure) =>
      `  ${`${figure.name} drawn`.padEnd(19)} ${figure.medianMs.toFixed(0)} ms  (<= ${SCREEN_RENDER_BUDGET_MS} ms)  ${verdict(figure.met)}`,
  );
