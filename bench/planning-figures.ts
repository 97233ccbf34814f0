/**
 * The planning figures of issue 27: a schedule of 5,000 tasks (50 sections of 100 works, relations of all four
 * kinds with lags and leads inside a section and from one section to the next, as a large building's plan has).
 *   - CPM on the server: `computeSchedule` (outline, calendar, forward and backward pass, floats) in process, and
 *     `GET /api/planning/v1.0/schedule` on the real server after the plan was imported as MS Project XML
 *     (reading the plan, planning it and answering it); budget 1 s;
 *   - the Gantt chart drawn: navigation to /app/lag/gantt (logged in, the project selected) until the chart's
 *     canvas and its text version hold every task; budget 2 s.
 */
import type { Browser } from 'playwright-core';
import type { LinkType } from '../modules/planning/server/cpm';
import { writeMspdi } from '../modules/planning/server/mspdi';
import {
  computeSchedule,
  type LinkInput,
  type ScheduleInput,
  type SettingInput,
  type TaskInput,
} from '../modules/planning/server/schedule-model';
import { loginForToken } from './api-rate';
import { launchBrowser, loggedInState, median, type StorageState } from './browser';
import { quantile } from './measure';
import type { ServerFigure } from './server-figures';
import { startServer } from './server';

export const CPM_BUDGET_MS = 1000;
export const GANTT_BUDGET_MS = 2000;
const SECTIONS = 50;
const WORKS_PER_SECTION = 99;
const LINK_TYPES: LinkType[] = ['FS', 'FS', 'FS', 'SS', 'FF', 'SF'];
const SETTING: SettingInput = { projectStart: '2026-03-02', workWeek: '6', statutoryHolidays: true };

/** A deterministic pseudo-random sequence, so every run plans the same network. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** 50 summaries of 99 works each (plus a milestone closing each section): 5,000 tasks. */
export function largeSchedule(today: string): ScheduleInput {
  const random = sequence(27);
  const tasks: TaskInput[] = [];
  const links: LinkInput[] = [];
  let previousSectionEnd: string | undefined;
  for (let section = 0; section < SECTIONS; section += 1) {
    const summaryId = `s${section}`;
    tasks.push({ id: summaryId, name: `第${section + 1}施工段`, kind: 'task', duration: 0, sortNo: tasks.length });
    const works: string[] = [];
    for (let work = 0; work < WORKS_PER_SECTION; work += 1) {
      const id = `s${section}w${work}`;
      const milestone = work === WORKS_PER_SECTION - 1;
      tasks.push({
        id,
        parentId: summaryId,
        name: milestone ? `第${section + 1}施工段完成` : `第${section + 1}段 工序${work + 1}`,
        kind: milestone ? 'milestone' : 'task',
        duration: milestone ? 0 : 1 + Math.floor(random() * 10),
        sortNo: tasks.length,
      });
      // One or two predecessors among the last few works of the section.
      const count = work === 0 ? 0 : 1 + Math.floor(random() * 2);
      for (let k = 0; k < count; k += 1) {
        const from = works[Math.max(0, works.length - 1 - Math.floor(random() * 4))];
        if (links.some((link) => link.predecessorId === from && link.successorId === id)) continue;
        const type = LINK_TYPES[Math.floor(random() * LINK_TYPES.length)];
        links.push({
          id: `l${links.length}`,
          predecessorId: from,
          successorId: id,
          type,
          lag: Math.floor(random() * 5) - 1,
        });
      }
      if (work === 0 && previousSectionEnd)
        links.push({ id: `l${links.length}`, predecessorId: previousSectionEnd, successorId: id, type: 'SS', lag: 10 });
      works.push(id);
    }
    previousSectionEnd = works[0];
  }
  return { tasks, links, setting: SETTING, today };
}

function timeCpm(input: ScheduleInput): { medianMs: number; tasks: number; critical: number } {
  computeSchedule(input); // warm-up: the first run compiles
  const times: number[] = [];
  let critical = 0;
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    const schedule = computeSchedule(input);
    times.push(performance.now() - started);
    critical = schedule.tasks.filter((task) => task.critical).length;
  }
  return { medianMs: median(times), tasks: input.tasks.length, critical };
}

async function importPlan(origin: string, token: string, projectId: string, xml: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), 'bench-plan.xml');
  const response = await fetch(`${origin}/api/planning/v1.0/import?projectId=${encodeURIComponent(projectId)}`, {
    method: 'POST',
    headers: { 'access-token': token },
    body: form,
  });
  const answer = (await response.json()) as { msgCode: number; errMsg?: string };
  if (answer.msgCode !== 0) throw new Error(`importing the bench plan: ${answer.errMsg ?? response.status}`);
  return answer.errMsg ?? '';
}

async function timeScheduleCalls(origin: string, token: string, projectId: string): Promise<number[]> {
  const url = `${origin}/api/planning/v1.0/schedule?projectId=${encodeURIComponent(projectId)}`;
  const times: number[] = [];
  for (let run = 0; run < 8; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'access-token': token } });
    await response.arrayBuffer();
    if (run > 0) times.push(performance.now() - started); // the first call warms the server's code paths
  }
  return times;
}

/** Navigation start until the chart's canvas is there and its text version lists every task, then one more frame. */
async function timeGantt(browser: Browser, origin: string, storage: StorageState, tasks: number): Promise<number> {
  const context = await browser.newContext({ storageState: storage, viewport: { width: 1920, height: 1080 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/app/lag/gantt`);
    await page.waitForFunction(
      (count) =>
        document.querySelector('[data-testid=plan-gantt] .plan-gantt-canvas canvas') !== null &&
        document.querySelectorAll('[data-testid=gantt-rows] li').length >= count,
      tasks,
      { timeout: 60_000, polling: 'raf' },
    );
    return await page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
    );
  } finally {
    await context.close();
  }
}

export async function measurePlanningFigures(webDir: string): Promise<ServerFigure[]> {
  console.log('\n== Planning: a schedule of 5,000 tasks (CPM on the server, the Gantt chart drawn) ==');
  const today = new Date().toISOString().slice(0, 10);
  const input = largeSchedule(today);
  const cpm = timeCpm(input);
  console.log(
    `  computeSchedule: ${cpm.tasks} tasks, ${input.links.length} relations, ${cpm.critical} critical: median ${cpm.medianMs.toFixed(0)} ms of 7`,
  );
  const server = await startServer(webDir);
  const browser = await launchBrowser();
  try {
    const storage = await loggedInState(browser, server.origin);
    const selected = storage.origins
      .flatMap((origin) => origin.localStorage)
      .find((item) => item.name === 'selectInfo');
    const projectId = (selected ? (JSON.parse(selected.value) as { projectId?: string }).projectId : undefined) ?? '';
    if (!projectId) throw new Error('the administrator has no selected project after logging in');
    const token = await loginForToken(server.origin);
    const xml = writeMspdi({
      projectName: 'bench',
      schedule: computeSchedule(input),
      setting: SETTING,
      exceptions: [],
      workingExceptions: [],
    });
    console.log(
      `  ${await importPlan(server.origin, token, projectId, xml)} (${(xml.length / 1024 / 1024).toFixed(1)} MB of MSPDI)`,
    );
    const calls = await timeScheduleCalls(server.origin, token, projectId);
    const callMedian = median(calls);
    const callP95 = quantile(calls, 0.95);
    console.log(
      `  GET schedule (5,000 tasks planned and answered): median ${callMedian.toFixed(0)} ms, p95 ${callP95.toFixed(0)} ms of ${calls.length}`,
    );
    await timeGantt(browser, server.origin, storage, input.tasks.length); // warm the HTTP cache as a returning planner has it
    const draws: number[] = [];
    for (let run = 0; run < 3; run += 1)
      draws.push(await timeGantt(browser, server.origin, storage, input.tasks.length));
    const drawMedian = median(draws);
    console.log(
      `  Gantt chart drawn with 5,000 tasks: ${draws.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${drawMedian.toFixed(0)})`,
    );
    return [
      {
        label: 'CPM 5,000 tasks (computeSchedule)',
        value: `${cpm.medianMs.toFixed(0)} ms`,
        budget: `< ${CPM_BUDGET_MS} ms`,
        met: cpm.medianMs < CPM_BUDGET_MS,
      },
      {
        label: 'GET schedule 5,000 tasks (p95)',
        value: `${callP95.toFixed(0)} ms`,
        budget: `< ${CPM_BUDGET_MS} ms`,
        met: callP95 < CPM_BUDGET_MS,
      },
      {
        label: 'Gantt 5,000 tasks drawn (median)',
        value: `${drawMedian.toFixed(0)} ms`,
        budget: `< ${GANTT_BUDGET_MS} ms`,
        met: drawMedian < GANTT_BUDGET_MS,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
