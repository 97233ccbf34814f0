/**
 * Figure 2: time from navigation start until the login form is usable (the account input visible and enabled:
 * one can type), the median of cold loads: a new browser context each time and the HTTP cache disabled,
 * unthrottled and under a mobile profile (150 ms latency, 1.6 Mbps both ways, CPU slowed 4x) through the DevTools
 * protocol. Beside it, without a budget, the time until the scripts run and the submit button is enabled.
 */
import type { Browser } from 'playwright-core';
import { LOGIN_INPUT, LOGIN_PATH, LOGIN_SUBMIT, median, verdict } from './browser';

export const LOGIN_BUDGET_MS = 1500;

export interface NetworkProfile {
  name: string;
  /** Round-trip latency added to every request, ms. */
  latencyMs?: number;
  /** Bytes per second. */
  downloadBps?: number;
  uploadBps?: number;
  cpuSlowdown?: number;
}

export const UNTHROTTLED: NetworkProfile = { name: 'unthrottled' };
export const MOBILE: NetworkProfile = {
  name: 'mobile (150 ms, 1.6 Mbps, CPU x4)',
  latencyMs: 150,
  downloadBps: 200_000,
  uploadBps: 200_000,
  cpuSlowdown: 4,
};

export interface TimingFigure {
  profile: NetworkProfile;
  samplesMs: number[];
  medianMs: number;
  /** Until the submit button is enabled (the page's scripts run). */
  submitSamplesMs: number[];
  submitMedianMs: number;
}

declare global {
  interface Window {
    __loginUsableAt?: number;
    __loginSubmitAt?: number;
  }
}

/**
 * Runs in the page before any of its scripts: on every animation frame, checks whether the input is present,
 * laid out, visible and enabled, and records `performance.now()` (ms since navigation start) the first time.
 * Written as source text: tsx (esbuild keepNames) would wrap a bundled function's inner closures in a `__name`
 * helper that does not exist in the page.
 */
function watchForUsableForm(inputSelector: string, submitSelector: string): string {
  return `(() => {
    const usable = (selector) => {
      const element = document.querySelector(selector);
      if (!element || element.disabled || element.readOnly) return false;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const check = () => {
      const now = performance.now();
      if (window.__loginUsableAt === undefined && usable(${JSON.stringify(inputSelector)})) window.__loginUsableAt = now;
      if (window.__loginSubmitAt === undefined && usable(${JSON.stringify(submitSelector)})) window.__loginSubmitAt = now;
      if (window.__loginUsableAt === undefined || window.__loginSubmitAt === undefined) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
}

async function coldLoad(
  browser: Browser,
  origin: string,
  profile: NetworkProfile,
): Promise<{ usableMs: number; submitMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.latencyMs !== undefined) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.latencyMs,
        downloadThroughput: profile.downloadBps ?? -1,
        uploadThroughput: profile.uploadBps ?? -1,
      });
    }
    if (profile.cpuSlowdown !== undefined)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await page.addInitScript({ content: watchForUsableForm(LOGIN_INPUT, LOGIN_SUBMIT) });
    await page.goto(`${origin}${LOGIN_PATH}`, { waitUntil: 'commit', timeout: 60_000 });
    const handle = await page.waitForFunction(
      () => window.__loginUsableAt !== undefined && window.__loginSubmitAt !== undefined && window.__loginSubmitAt,
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    const submitMs = Number(await handle.jsonValue());
    const usableMs = Number(await page.evaluate(() => window.__loginUsableAt));
    await cdp.detach();
    return { usableMs, submitMs };
  } finally {
    await context.close();
  }
}

export async function measureLoginTiming(
  browser: Browser,
  origin: string,
  profile: NetworkProfile,
  runs = 7,
): Promise<TimingFigure> {
  const samplesMs: number[] = [];
  const submitSamplesMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { usableMs, submitMs } = await coldLoad(browser, origin, profile);
    samplesMs.push(usableMs);
    submitSamplesMs.push(submitMs);
  }
  return { profile, samplesMs, medianMs: median(samplesMs), submitSamplesMs, submitMedianMs: median(submitSamplesMs) };
}

export function printTiming(figure: TimingFigure, budgetMs?: number): void {
  const samples = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  const budget = budgetMs === undefined ? '' : `; budget ${budgetMs} ms: ${verdict(figure.medianMs <= budgetMs)}`;
  console.log(
    `  ${figure.profile.name}: median ${figure.medianMs.toFixed(0)} ms over ${figure.samplesMs.length} cold loads [${samples(figure.samplesMs)}]${budget}`,
  );
  console.log(
    `    scripts running, submit enabled: median ${figure.submitMedianMs.toFixed(0)} ms [${samples(figure.submitSamplesMs)}] (no budget)`,
  );
}
