/**
 * Figure 1: the gzip bytes of the JavaScript and CSS that /app/login loads in a real browser.
 * Every script and stylesheet response is gzipped at level 9 here (what a compressing server or CDN would send);
 * when the server itself compresses, its on-the-wire size is shown beside it.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { kb, LOGIN_INPUT, LOGIN_PATH, verdict } from './browser';

export const BUNDLE_BUDGET_BYTES = 160 * 1024;

export interface LoadedFile {
  url: string;
  type: 'script' | 'stylesheet';
  rawBytes: number;
  gzipBytes: number;
  /** Content-Encoding the server answered with, if any. */
  encoding: string | undefined;
  /** Encoded body bytes as transferred (only meaningful when the server compresses). */
  wireBytes: number | undefined;
}

export interface BundleFigure {
  files: LoadedFile[];
  totalRaw: number;
  totalGzip: number;
  met: boolean;
}

export async function measureBundle(browser: Browser, origin: string): Promise<BundleFigure> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<LoadedFile | null>[] = [];
  const collect = async (response: Response): Promise<LoadedFile | null> => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return null;
    const body = await response.body();
    const encoding = (await response.headerValue('content-encoding')) ?? undefined;
    const sizes = await response.request().sizes();
    return {
      url: response.url(),
      type,
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      encoding,
      wireBytes: encoding ? sizes.responseBodySize : undefined,
    };
  };
  page.on('response', (response) => {
    pending.push(collect(response));
  });
  try {
    await page.goto(`${origin}${LOGIN_PATH}`, { waitUntil: 'load' });
    await page.locator(LOGIN_INPUT).waitFor({ state: 'visible', timeout: 30_000 });
    // Late lazy chunks (a widget, a locale) count too: wait until the network is quiet.
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter((file): file is LoadedFile => file !== null);
    const totalRaw = files.reduce((sum, file) => sum + file.rawBytes, 0);
    const totalGzip = files.reduce((sum, file) => sum + file.gzipBytes, 0);
    return { files, totalRaw, totalGzip, met: totalGzip <= BUNDLE_BUDGET_BYTES };
  } finally {
    await context.close();
  }
}

export function printBundle(figure: BundleFigure, origin: string): void {
  console.log('\n== Figure 1: JS + CSS loaded by /app/login (gzip -9) ==');
  const rows = [...figure.files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  for (const file of rows) {
    const name = file.url.startsWith(origin) ? file.url.slice(origin.length) : file.url;
    const wire = file.encoding ? `  (server sends ${file.encoding}: ${kb(file.wireBytes ?? 0)})` : '';
    console.log(
      `  ${file.type.padEnd(10)} ${kb(file.gzipBytes).padStart(10)} gz ${kb(file.rawBytes).padStart(10)} raw  ${name}${wire}`,
    );
  }
  const scripts = figure.files.filter((file) => file.type === 'script').reduce((sum, file) => sum + file.gzipBytes, 0);
  console.log(`  files: ${figure.files.length}; JS ${kb(scripts)} gz, CSS ${kb(figure.totalGzip - scripts)} gz`);
  console.log(
    `  TOTAL ${kb(figure.totalGzip)} gzip (${kb(figure.totalRaw)} raw); budget ${kb(BUNDLE_BUDGET_BYTES)}: ${verdict(figure.met)}`,
  );
  if (!figure.files.some((file) => file.encoding)) console.log('  note: the server sent these files uncompressed');
}
