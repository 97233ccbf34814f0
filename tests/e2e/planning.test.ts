/**
 * 进度计划 and 甘特图 in Chromium against the real server, as a planner uses them at 1280 and 1920 wide: the WBS
 * tree of the demo housing estate with its states and predecessors, the Gantt chart (canvas) with its figures and
 * legend, a work dragged later in the chart whose successors move (the server plans again), the zoom, and the
 * workbench's progress against plan. None of these screens says 该功能暂未开放, and the chart breaks no rule of the
 * page's CSP.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { WIDTHS, callApi, logIn, poll, row } from './screen-helpers';

interface Task {
  id: string;
  name: string;
  kind: string;
  start: string;
  finish: string;
  status: string;
  actualStart?: string;
}
interface Schedule {
  today: string;
  tasks: Task[];
  links: { predecessorId: string; successorId: string; type: string; lag: number }[];
}

const PROJECT_ID = 'project-binjiang';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Errors the page logged (a CSP refusal included). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const readSchedule = async (page: Page) =>
  (await callApi<Schedule>(page, 'GET', `/api/planning/v1.0/schedule?projectId=${PROJECT_ID}`)).data!;

/** A short work not started yet whose successor starts right after it (FS): dragging it later drives the successor. */
function drivingWork(plan: Schedule): { task: Task; successor: Task } {
  const byId = new Map(plan.tasks.map((task) => [task.id, task]));
  for (const link of plan.links) {
    const task = byId.get(link.predecessorId)!;
    const successor = byId.get(link.successorId)!;
    if (link.type !== 'FS' || link.lag !== 0 || task.kind !== 'task' || successor.kind !== 'task') continue;
    if (task.actualStart || task.start <= plan.today || successor.actualStart) continue;
    // A bar that fits the view: dragging one that runs out of it scrolls the chart instead.
    if (Date.parse(task.finish) - Date.parse(task.start) > 14 * 86_400_000) continue;
    const next = new Date(Date.parse(`${task.finish}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (successor.start === next) return { task, successor };
  }
  throw new Error('no driving work in the demo schedule');
}

describe('进度计划', () => {
  for (const viewport of WIDTHS) {
    it(`shows the WBS tree with its states and predecessors at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'staff', viewport);
      const errors = watchErrors(page);
      await page.goto('/app/lag/plan');
      const screen = page.getByTestId('crud-plan-tasks');
      await row(screen, '主体结构工程').waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      await row(screen, '主体结构工程').locator('.arco-table-cell-expand-icon button').first().click();
      await row(screen, '1号楼主体结构').locator('.arco-table-cell-expand-icon button').first().click();
      const floor = row(screen, '1号楼 5F 结构施工');
      await floor.waitFor();
      // Its predecessor is the floor below, by row number; it is done.
      expect(await floor.innerText()).toMatch(
        /3\.1\.6\s+\d+\s+1号楼 5F 结构施工\s+\d+\s+\d{4}-\d{2}-\d{2}\s+\d{4}-\d{2}-\d{2}\s+\d+/,
      );
      expect(await floor.getByText('已完成').count()).toBe(1);
      await screenshot(page, `planning-plan-${viewport.width}`);
      await floor.getByRole('button', { name: '前置', exact: true }).click();
      const dialog = page.getByTestId('crud-dialog-form');
      await poll(() => dialog.locator('#plan-task-logic_predecessors').inputValue()).toMatch(/^\d+$/);
      await screenshot(page, `planning-logic-dialog-${viewport.width}`);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('甘特图', () => {
  for (const viewport of WIDTHS) {
    it(`drags a work later and its successor moves, at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'staff', viewport);
      const errors = watchErrors(page);
      await page.goto('/app/lag/gantt');
      const gantt = page.getByTestId('plan-gantt');
      await gantt.locator('canvas').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      await poll(() => page.getByTestId('gantt-figures').innerText()).toContain('工作日历：每周7天（日历天）');
      expect(await gantt.innerText()).toContain('关键工作');
      await screenshot(page, `planning-gantt-${viewport.width}`);

      // The day scale, and the work brought into view by its name.
      await page.getByTestId('gantt-zoom').getByText('日', { exact: true }).click();
      const plan = await readSchedule(page);
      const { task, successor } = drivingWork(plan);
      await page.getByTestId('gantt-locate').click();
      await page.keyboard.type(task.name);
      await page
        .getByRole('option', { name: new RegExp(` ${task.name}$`) })
        .first()
        .click();
      const entry = page.locator(`[data-testid=gantt-rows] li[data-task-id="${task.id}"]`);
      await poll(() => entry.getAttribute('data-x')).not.toBeNull();
      const canvas = await gantt.locator('.plan-gantt-canvas').boundingBox();
      const x = Number(await entry.getAttribute('data-x'));
      const y = Number(await entry.getAttribute('data-y'));
      const width = Number(await entry.getAttribute('data-width'));
      const height = Number(await entry.getAttribute('data-height'));
      const day = Number(await page.getByTestId('gantt-chart').getAttribute('data-col-width'));
      await screenshot(page, `planning-gantt-before-drag-${viewport.width}`);

      // Grab the bar near its start (a long one runs out of view) and drag it five days later, as a planner does.
      const from = { x: canvas!.x + x + Math.min(width / 2, 3 * day), y: canvas!.y + y + height / 2 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let step = 1; step <= 10; step += 1) await page.mouse.move(from.x + (day * 5 * step) / 10, from.y);
      await page.mouse.up();

      const successorEntry = page.locator(`[data-testid=gantt-rows] li[data-task-id="${successor.id}"]`);
      await poll(() => successorEntry.getAttribute('data-start')).not.toBe(successor.start);
      const moved = await readSchedule(page);
      const now = new Map(moved.tasks.map((item) => [item.id, item]));
      expect(now.get(task.id)!.start > task.start).toBe(true);
      expect(now.get(successor.id)!.start > successor.start).toBe(true);
      expect(await successorEntry.getAttribute('data-start')).toBe(now.get(successor.id)!.start);
      await poll(() => page.locator('.arco-message').first().innerText()).toMatch(/后续 \d+ 项工作随之调整/);
      await screenshot(page, `planning-gantt-after-drag-${viewport.width}`);

      // Back where it was: no constraint is left, the successor returns too.
      const back = await callApi(page, 'POST', `/api/planning/v1.0/tasks/${task.id}/dates`, { start: task.start });
      expect(back.msgCode, back.errMsg).toBe(0);
      expect(new Map((await readSchedule(page)).tasks.map((item) => [item.id, item.start])).get(successor.id)).toBe(
        successor.start,
      );

      // The week and month scales.
      await page.getByTestId('gantt-zoom').getByText('月', { exact: true }).click();
      await gantt.locator('canvas').first().waitFor();
      await screenshot(page, `planning-gantt-month-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('工作台', () => {
  it('shows the progress against plan', async () => {
    const { context, page } = await logIn(browser, 'staff', WIDTHS[0]);
    await page.goto('/app/work-bench');
    const panel = page.getByTestId('plan-progress');
    await panel.scrollIntoViewIfNeeded();
    await poll(() => panel.innerText()).toContain('实际进度');
    expect(await panel.innerText()).toMatch(/计划完工 \d{4}-\d{2}-\d{2}/);
    await screenshot(page, 'planning-workbench-1280');
    await context.close();
  });
});
