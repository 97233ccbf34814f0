/**
 * `npm run bench`: builds the web app if needed, starts the real server on a free port with a fresh data
 * directory and the demo data, and prints three figures against their budgets:
 *   1. gzip bytes of the JS and CSS that /app/login loads (budget 200 KB);
 *   2. time until the login form is usable, median of 7 cold loads, unthrottled and mobile (budget 1.5 s mobile);
 *   3. requests/s of an authenticated read against the bare ping (budget ratio >= 0.5).
 * It only reports: the exit code is 0 whether or not a budget is met, unless the bench itself fails.
 */
import type { Browser } from 'playwright-core';
import { measureApiRate, printApiRate } from './api-rate';
import { launchBrowser, verdict } from './browser';
import { measureBundle, printBundle } from './bundle-size';
import { LOGIN_BUDGET_MS, measureLoginTiming, MOBILE, printTiming, UNTHROTTLED } from './login-timing';
import { ensureBuild, startServer, type RunningServer } from './server';

async function main(): Promise<void> {
  const began = Date.now();
  const web = await ensureBuild();
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const stopAll = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await web.cleanup();
  };
  const onSignal = () => {
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    server = await startServer(web.webDir);
    console.log(
      `server up at ${server.origin} in ${(server.startupMs / 1000).toFixed(1)} s (data dir ${server.dataDir})`,
    );
    browser = await launchBrowser();

    const bundle = await measureBundle(browser, server.origin);
    printBundle(bundle, server.origin);

    console.log(
      '\n== Figure 2: navigation start -> login form usable (input#login_username visible and enabled; the page is prerendered) ==',
    );
    const fast = await measureLoginTiming(browser, server.origin, UNTHROTTLED);
    printTiming(fast);
    const mobile = await measureLoginTiming(browser, server.origin, MOBILE);
    printTiming(mobile, LOGIN_BUDGET_MS);

    await browser.close();
    browser = undefined;

    const api = await measureApiRate(server.origin);
    printApiRate(api);

    console.log('\n== Summary ==');
    console.log(
      `  login JS+CSS gzip   ${(bundle.totalGzip / 1024).toFixed(1)} KB  (<= 200 KB)   ${verdict(bundle.met)}`,
    );
    console.log(
      `  login usable mobile ${mobile.medianMs.toFixed(0)} ms  (<= ${LOGIN_BUDGET_MS} ms)  ${verdict(mobile.medianMs <= LOGIN_BUDGET_MS)}`,
    );
    console.log(`  login usable fast   ${fast.medianMs.toFixed(0)} ms  (no budget)`);
    console.log(
      `  login submit mobile ${mobile.submitMedianMs.toFixed(0)} ms  (no budget: the prerendered form hydrated)`,
    );
    console.log(`  API ratio           ${api.ratio.toFixed(2)}  (>= 0.5)   ${verdict(api.met)}`);
    console.log(`  bench took ${((Date.now() - began) / 1000).toFixed(0)} s`);
  } finally {
    await stopAll();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
