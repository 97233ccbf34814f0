/**
 * 混凝土预警 and 强度检测 in Chromium against the real server: the demo pour's sensors report through the
 * simulator, the warning screen charts its probes with the GB 50496 limits and the strength screen its maturity
 * and estimated strength against the design strength; a new pour is registered (the collection file's messages on
 * an empty submit) and chosen on the strength screen. At 1280 and 1920 wide.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chinaDate } from '../../src/server/lib/china-time';
import { launchBrowser, screenshot } from './browser';
import { choose, logIn, poll, row, typeDate, WIDTHS } from './screen-helpers';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The simulator writes the demo pour's history after the server starts: a chart may need a while to fill. */
const slowPoll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 60_000, interval: 2_000 });

/** Reads a chart's accessible summary, reloading the screen until the simulator's history is in. */
async function chartLabel(page: Page, panel: string): Promise<string> {
  const chart = page.getByTestId(panel).getByTestId('echart');
  if ((await chart.count()) === 0) {
    await page.reload();
    await page.getByTestId(panel).waitFor();
    return '';
  }
  return (await chart.getAttribute('aria-label')) ?? '';
}

describe('混凝土预警', () => {
  for (const viewport of WIDTHS) {
    it(`charts the demo pour's probes, 里表温差 and cooling rate with their limits at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/hcother/warning');
      await page.getByTestId('dashboard-concrete-warning').waitFor();
      expect(await page.getByTestId('menu-trail').textContent()).toBe('混凝土管理 / 混凝土预警');
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      await slowPoll(() => chartLabel(page, 'panel-temperatures')).toContain('中心');
      await poll(() => page.getByTestId('panel-pour').textContent()).toContain('5号楼筏板基础');
      expect(await page.getByTestId('panel-pour').textContent()).toContain('筏板基础测温点 1、筏板基础测温点 2');
      await poll(() => chartLabel(page, 'panel-difference')).toContain('控制值 25℃');
      await poll(() => chartLabel(page, 'panel-cooling')).toContain('控制值 2℃/d');
      expect(await page.getByTestId('panel-temperatures').locator('svg path').count()).toBeGreaterThan(5);
      await screenshot(page, `concrete-warning-${viewport.width}`);
      await context.close();
    });
  }
});

describe('强度检测', () => {
  for (const viewport of WIDTHS) {
    it(`charts the demo pour's estimated strength against its design strength at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'staff', viewport);
      await page.goto('/app/hcother/strength');
      await page.getByTestId('dashboard-concrete-strength-monitor').waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      await slowPoll(() => chartLabel(page, 'panel-strength')).toContain('推定强度');
      expect(await chartLabel(page, 'panel-strength')).toContain('设计强度 35MPa');
      await poll(() => chartLabel(page, 'panel-maturity')).toContain('表面');
      const estimate = page.getByTestId('panel-estimate');
      await poll(() => estimate.textContent()).toContain('5号楼筏板基础');
      expect(await estimate.textContent()).toMatch(/推定强度\d+(\.\d)? MPa，设计强度的 \d+%/);
      expect(await estimate.textContent()).toMatch(/设计强度35 MPa：(已于|预计) /);
      expect(await page.getByTestId('panel-pours').textContent()).toContain('5号楼筏板基础 C35 养护中');
      await screenshot(page, `concrete-strength-${viewport.width}`);
      await context.close();
    });
  }

  it('registers a pour (an empty one shows the messages of the file) and shows it on the strength screen', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/hcother/strength');
    await page.getByRole('tab', { name: '浇筑记录' }).click();
    const screen = page.getByTestId('crud-concrete-pours');
    await screen.locator('tbody tr').first().waitFor();
    await screen.getByRole('button', { name: '新增' }).click();
    const form = page.getByTestId('crud-dialog-form');
    await form.getByRole('button', { name: '保存' }).click();
    await poll(() => form.textContent()).toContain('请输入浇筑部位');
    for (const message of ['请选择构件类型', '请选择浇筑日期', '请输入开始浇筑时间', '请选择强度等级', '请选择配合比'])
      expect(await form.textContent()).toContain(message);
    await screenshot(page, 'concrete-pour-messages');

    await page.locator('#concrete-pour_name').fill('6号楼地下室底板');
    await choose(page, 'concrete-pour_member', '筏板基础');
    await typeDate(page, 'concrete-pour_pourDate', chinaDate(new Date()));
    await page.locator('#concrete-pour_pourTime').fill('09:30');
    await choose(page, 'concrete-pour_grade', 'C30');
    await choose(page, 'concrete-pour_mixId', 'C30-P.O42.5-01');
    await form.getByRole('button', { name: '保存' }).click();
    await row(screen, '6号楼地下室底板').waitFor();
    expect(await row(screen, '6号楼地下室底板').textContent()).toContain('养护中');

    // The strength tab read its choice of pours when it opened: a new visit offers the new pour.
    await page.goto('/app/hcother/strength');
    await page.getByTestId('dashboard-concrete-strength-monitor').waitFor();
    await choose(page, 'concrete-pour-choice_pourId', '6号楼地下室底板');
    await page.getByTestId('dashboard-filter').getByRole('button', { name: '查看' }).click();
    const estimate = page.getByTestId('panel-estimate');
    await poll(() => estimate.textContent()).toContain('6号楼地下室底板');
    expect(await estimate.textContent()).toContain('成熟度暂无测温数据');
    expect(await page.getByTestId('panel-strength').textContent()).toContain('该浇筑暂无测温数据，无法推定强度');
    await context.close();
  });

  it("adds a calibration point to a mix and deletes it again after a confirmation, the mix's curve refitted", async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[0]);
    await page.goto('/app/hcother/strength');
    await page.getByRole('tab', { name: '配合比' }).click();
    const mixes = page.getByTestId('crud-concrete-mixes');
    const mix = row(mixes, 'C30-P.O42.5-01');
    await mix.waitFor();
    const curveBefore = (await mix.textContent()) ?? '';
    await mix.getByRole('button', { name: '标定点' }).click();
    const points = page.getByTestId('detail-related-标定点（同条件养护试块）');
    // The demo mix's last calibration point (28 days): the list has loaded, not only its empty state.
    await row(points, '13440').waitFor();
    const countBefore = await points.locator('tbody tr').count();

    await points.getByRole('button', { name: '添加标定点' }).click();
    const form = page.getByTestId('detail-list-form');
    await page.locator('#concrete-mix-point_ageDays').fill('90');
    await page.locator('#concrete-mix-point_maturity').fill('45678');
    await page.locator('#concrete-mix-point_strength').fill('52.5');
    await form.getByRole('button', { name: '保存' }).click();
    const added = row(points, '45678');
    await added.waitFor();
    await poll(() => points.locator('tbody tr').count()).toBe(countBefore + 1);

    await added.getByRole('button', { name: '删除' }).click();
    const question = page.locator('.arco-popconfirm');
    await poll(() => question.textContent()).toContain('确定删除该标定点吗？');
    await screenshot(page, 'concrete-mix-point-delete');
    await question.getByRole('button', { name: '删除' }).click();
    await poll(() => page.locator('.arco-message').allInnerTexts()).toContain('删除成功');
    await poll(() => points.locator('tbody tr').count()).toBe(countBefore);
    expect(await points.textContent()).not.toContain('45678');

    // The mix's list shows the curve of the points that remain: the same as before.
    await page.goto('/app/hcother/strength');
    await page.getByRole('tab', { name: '配合比' }).click();
    await mix.waitFor();
    expect(await mix.textContent()).toBe(curveBefore);
    await context.close();
  });
});
