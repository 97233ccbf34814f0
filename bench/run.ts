/**
 * `npm run bench`: builds the web app if needed, starts the real server on a free port with a fresh data
 * directory and the demo data, and prints three figures against their budgets:
 *   1. gzip bytes of the JS and CSS that /app/login loads (budget 160 KB, issue 10);
 *   2. time until the login form is usable, median of 7 cold loads, unthrottled and mobile (budget 1.5 s mobile);
 *   3. the server's figures (bench/server-figures.ts): API throughput against a bare Fastify process, 2,000 menu
 *      records, start-up time, resident memory, the user list with 100,000 users on PostgreSQL.
 *   4. the IoT platform (bench/iot-figures.ts): 1,000 readings/s over MQTT and over HTTP, a 30-day chart.
 *   5. an admin CRUD page's first row after login beside the same screen written by hand with Arco
 *      (bench/admin-first-row.ts; budget 1.25x, issue 10), measured with figures 1 and 2 on the same server.
 *   6. the job queue (bench/job-figures.ts): throughput and the latency from send to start, on PGlite and on
 *      PostgreSQL, beside the figures of the queue pg-boss replaced.
 *   7. planning (bench/planning-figures.ts): CPM over 5,000 tasks on the server and their Gantt chart drawn.
 *   8. the big screens' first full render after login, every panel drawn (bench/screen-render.ts): the company
 *      screen and the project screen, measured with figures 1 and 2 on the same server.
 *   9. BIM (bench/bim-figures.ts): a generated IFC4 tower of 100,000 elements converted through the real upload and
 *      job, its first frame in the model viewer, and the viewer's JS loaded only on the model page.
 * `BENCH_ONLY=server npm run bench` measures the server's figures alone (no browser); `BENCH_ONLY=api` only the two
 * API ratios (about a minute); `BENCH_ONLY=collections` or
 * `BENCH_ONLY=workflow` or `BENCH_ONLY=search` (knowledge search over 100,000 articles, bench/search-figures.ts) only
 * those figures on PostgreSQL; `BENCH_ONLY=iot` the IoT ones; `BENCH_ONLY=jobs` the job queue's; `BENCH_ONLY=planning` the planning figures; `BENCH_ONLY=bim` the BIM figures (figure 9);
 * `BENCH_ONLY=screens` figure 8; `BENCH_ONLY=first-row` only
 * figure 5 (the admin page's first row beside the hand-written page, on a server of its own).
 * It only reports: the exit code is 0 whether or not a budget is met, unless the bench itself fails.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, verdict } from './browser';
import { BUNDLE_BUDGET_BYTES, measureBundle, printBundle } from './bundle-size';
import { FIRST_ROW_BUDGET_RATIO, measureAdminFirstRow, printAdminFirstRow } from './admin-first-row';
import { LOGIN_BUDGET_MS, measureLoginTiming, MOBILE, printTiming, UNTHROTTLED } from './login-timing';
import {
  measureApiFiguresOnly,
  measurePostgresFiguresOnly,
  measureServerFigures,
  printServerFigures,
  type ServerFigure,
} from './server-figures';
import { measureIotFigures } from './iot-figures';
import { measureJobFigures } from './job-figures';
import { measurePlanningFigures } from './planning-figures';
import { measureBimFigures } from './bim-figures';
import { measureScreenRender, printScreenRender, screenRenderSummary } from './screen-render';
import { ensureBuild, startServer, type RunningServer } from './server';

async function main(): Promise<void> {
  const began = Date.now();
  const iotOnly = process.env.BENCH_ONLY === 'iot';
  const jobsOnly = process.env.BENCH_ONLY === 'jobs';
  const firstRowOnly = process.env.BENCH_ONLY === 'first-row';
  const planningOnly = process.env.BENCH_ONLY === 'planning';
  const screensOnly = process.env.BENCH_ONLY === 'screens';
  const bimOnly = process.env.BENCH_ONLY === 'bim';
  // The IoT figures use the API alone: no web build for them.
  const web = iotOnly || jobsOnly ? { webDir: '', cleanup: async () => undefined } : await ensureBuild();
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
    const postgresOnly =
      process.env.BENCH_ONLY === 'collections' ||
      process.env.BENCH_ONLY === 'workflow' ||
      process.env.BENCH_ONLY === 'search'
        ? process.env.BENCH_ONLY
        : undefined;
    const apiOnly = process.env.BENCH_ONLY === 'api';
    const serverOnly =
      process.env.BENCH_ONLY === 'server' || apiOnly || postgresOnly !== undefined || iotOnly || jobsOnly;
    const summary: string[] = [];
    if (planningOnly) {
      const figures = await measurePlanningFigures(web.webDir);
      console.log('\n== Summary ==');
      printServerFigures(figures);
      return;
    }
    if (bimOnly) {
      const figures = await measureBimFigures(web.webDir);
      console.log('\n== Summary ==');
      printServerFigures(figures);
      console.log(`  bench took ${((Date.now() - began) / 1000).toFixed(0)} s`);
      return;
    }
    if (screensOnly) {
      server = await startServer(web.webDir);
      browser = await launchBrowser();
      const screens = await measureScreenRender(browser, server.origin);
      printScreenRender(screens);
      return;
    }
    if (firstRowOnly) {
      server = await startServer(web.webDir);
      browser = await launchBrowser();
      const firstRow = await measureAdminFirstRow(browser, server.origin);
      printAdminFirstRow(firstRow);
      return;
    }
    if (!serverOnly) {
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

      const firstRow = await measureAdminFirstRow(browser, server.origin);
      printAdminFirstRow(firstRow);

      const screens = await measureScreenRender(browser, server.origin);
      printScreenRender(screens);

      await browser.close();
      browser = undefined;
      // The server figures start their own servers: this one must not share the CPU with them.
      await server.stop();
      server = undefined;

      summary.push(
        `  login JS+CSS gzip   ${(bundle.totalGzip / 1024).toFixed(1)} KB  (<= ${BUNDLE_BUDGET_BYTES / 1024} KB)   ${verdict(bundle.met)}`,
        `  login usable mobile ${mobile.medianMs.toFixed(0)} ms  (<= ${LOGIN_BUDGET_MS} ms)  ${verdict(mobile.medianMs <= LOGIN_BUDGET_MS)}`,
        `  login usable fast   ${fast.medianMs.toFixed(0)} ms  (no budget)`,
        `  login submit mobile ${mobile.submitMedianMs.toFixed(0)} ms  (no budget: the prerendered form hydrated)`,
        `  admin first row     ${firstRow.ratio.toFixed(2)}x hand-written (${firstRow.engineMedianMs.toFixed(0)} / ${firstRow.referenceMedianMs.toFixed(0)} ms)  (<= ${FIRST_ROW_BUDGET_RATIO}x)  ${verdict(firstRow.met)}`,
        ...screenRenderSummary(screens),
      );
    }

    const serverFigures: ServerFigure[] =
      iotOnly || jobsOnly
        ? []
        : apiOnly
          ? await measureApiFiguresOnly(web.webDir)
          : postgresOnly
            ? await measurePostgresFiguresOnly(postgresOnly)
            : await measureServerFigures(web.webDir);
    if (iotOnly || !process.env.BENCH_ONLY) serverFigures.push(...(await measureIotFigures()));
    if (jobsOnly || !process.env.BENCH_ONLY) serverFigures.push(...(await measureJobFigures()));
    if (!process.env.BENCH_ONLY) serverFigures.push(...(await measurePlanningFigures(web.webDir)));
    if (!process.env.BENCH_ONLY) serverFigures.push(...(await measureBimFigures(web.webDir)));

    console.log('\n== Summary ==');
    for (const line of summary) console.log(line);
    printServerFigures(serverFigures);
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
