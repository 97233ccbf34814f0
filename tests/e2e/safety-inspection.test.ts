/**
 * 安全检查 and 安全教育 in Chromium against the real server, as a site safety officer works: an inspection made
 * from a checklist template, one row judged 不合格 with a photo, the others 合格, completion raising the hazard
 * that then waits in 隐患排查; a training whose attendee is picked from the labour registry, which clears the
 * worker's 三级教育 flag on the worker list. At 1280 and 1920 wide; no screen says 该功能暂未开放.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { PNG_1PX, WIDTHS, choose, logIn, poll, row, typeDate } from './screen-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const radio = (scope: Locator, label: string) =>
  scope.locator('.arco-radio').filter({ hasText: new RegExp(`^${label}$`) });

describe('安全检查', () => {
  for (const viewport of WIDTHS) {
    it(`makes an inspection from a template, raises the 不合格 row as a hazard at ${viewport.width} wide`, async () => {
      const { context, page } = await logIn(browser, 'manager', viewport);
      await page.goto('/app/constructionSafety/inspection');
      const list = page.getByTestId('crud-safety-inspection-list');
      await list.locator('tbody tr').first().waitFor();
      expect(await page.getByText('该功能暂未开放').count()).toBe(0);
      expect(await page.getByTestId('menu-trail').textContent()).toBe('安全管理 / 安全检查');
      await screenshot(page, `safety-inspections-${viewport.width}`);

      // Empty submit: the collection file's messages.
      await list.getByRole('button', { name: '新增', exact: true }).click();
      const createForm = page.getByTestId('crud-dialog-form');
      await createForm.locator('form').waitFor();
      await createForm.getByRole('button', { name: '开始检查', exact: true }).click();
      await poll(() => page.locator('#safety-inspection_templateId__error').textContent()).toBe('请选择检查模板');
      const title = `起重机械专项检查（浏览器${viewport.width}）`;
      await page.locator('#safety-inspection_title').fill(title);
      await choose(page, 'safety-inspection_inspectionType', '专项检查');
      await choose(page, 'safety-inspection_templateId', '起重机械专项检查表');
      await typeDate(page, 'safety-inspection_inspectionDate', '2026-11-23');
      await page.locator('#safety-inspection_area').fill('1号塔吊');
      await choose(page, 'safety-inspection_inspectorId', '张经理');
      await createForm.getByRole('button', { name: '开始检查', exact: true }).click();
      await createForm.waitFor({ state: 'detached' });
      await poll(() => row(list, title).count()).toBe(1);
      expect(await row(list, title).innerText()).toMatch(/专项检查[\s\S]*1号塔吊[\s\S]*张经理[\s\S]*5[\s\S]*检查中/);

      await row(list, title).getByRole('button', { name: '检查', exact: true }).click();
      await page.waitForURL(/\/app\/constructionSafety\/inspection\/[\w-]+$/);
      const checklist = page.getByTestId('detail-related-检查表');
      await poll(() => checklist.locator('tbody tr').count()).toBe(5);

      // The first row 不合格, with a photo and a remark; the others 合格.
      const remark = `限位开关失灵（浏览器${viewport.width}）`;
      const judgeForm = page.getByTestId('detail-list-form');
      await checklist.locator('tbody tr').nth(0).getByRole('button', { name: '判定', exact: true }).click();
      await judgeForm.locator('form').waitFor();
      await radio(judgeForm, '不合格').click();
      await judgeForm
        .getByTestId('safety-inspection-item-judge_photos-files')
        .setInputFiles({ name: 'limit.png', mimeType: 'image/png', buffer: PNG_1PX });
      await poll(() => judgeForm.locator('.sf-images-list img').count()).toBe(1);
      await page.locator('#safety-inspection-item-judge_remark').fill(remark);
      await judgeForm.getByRole('button', { name: '保存', exact: true }).click();
      await judgeForm.waitFor({ state: 'detached' });
      await poll(() => checklist.locator('tbody tr').nth(0).innerText()).toContain('不合格');
      expect(await checklist.locator('tbody tr').nth(0).locator('img').count()).toBe(1);
      for (let index = 1; index < 5; index += 1) {
        await checklist.locator('tbody tr').nth(index).getByRole('button', { name: '判定', exact: true }).click();
        await judgeForm.locator('form').waitFor();
        await radio(judgeForm, '合格').click();
        await judgeForm.getByRole('button', { name: '保存', exact: true }).click();
        await judgeForm.waitFor({ state: 'detached' });
      }
      await poll(() => checklist.getByText('合格', { exact: true }).count()).toBe(4);
      await screenshot(page, `safety-inspection-judged-${viewport.width}`);

      // Completion names who rectifies by when; the 不合格 row becomes a hazard.
      await page.locator('.detail-steps').getByRole('button', { name: '完成检查', exact: true }).click();
      const completeForm = page.locator('form').filter({ has: page.locator('#safety-inspection-complete_summary') });
      await choose(page, 'safety-inspection-complete_responsibleId', '李施工员');
      await typeDate(page, 'safety-inspection-complete_rectifyDeadline', '2030-01-15');
      await page.locator('#safety-inspection-complete_summary').fill('起重机械限位装置需立即整改');
      await completeForm.getByRole('button', { name: '完成检查', exact: true }).click();
      await poll(() => page.locator('.detail-header').innerText()).toContain('已完成');
      const raised = page.getByTestId('detail-related-登记的隐患');
      await poll(() => raised.locator('tbody').innerText()).toMatch(/限位开关失灵[\s\S]*李施工员[\s\S]*待整改/);
      expect(await raised.locator('tbody tr').count()).toBe(1);
      expect(await checklist.getByRole('button', { name: '判定' }).count()).toBe(0);
      await screenshot(page, `safety-inspection-done-${viewport.width}`);

      // The hazard waits in 隐患排查, with the inspection it came from.
      await page.goto('/app/constructionSafety/hazard');
      const hazards = page.getByTestId('crud-safety-hazard-list');
      await hazards.locator('tbody tr').first().waitFor();
      await page.locator('#search-safety-hazard_description').fill(remark);
      await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
      await poll(() => hazards.locator('tbody tr').filter({ hasText: remark }).count()).toBe(1);
      const hazard = hazards.locator('tbody tr').filter({ hasText: remark });
      expect(await hazard.innerText()).toContain('待整改');
      await hazard.getByRole('button', { name: '处理', exact: true }).click();
      await page.getByText(title, { exact: true }).waitFor();
      expect(await page.getByTestId('detail-media-photos').locator('img').count()).toBe(1);
      await screenshot(page, `safety-inspection-hazard-${viewport.width}`);
      await context.close();
    });
  }

  it('shows a template with its JGJ 59 checklist and adds an item', async () => {
    const { context, page } = await logIn(browser, 'staff', WIDTHS[0]);
    await page.goto('/app/constructionSafety/inspection');
    await page.getByRole('tab', { name: '检查模板' }).click();
    const list = page.getByTestId('crud-safety-checklist-template-list');
    await poll(() => row(list, '日常安全巡查表').count()).toBe(1);
    await row(list, '日常安全巡查表').getByRole('button', { name: '检查项', exact: true }).click();
    const items = page.getByTestId('detail-related-检查项');
    await poll(() => items.locator('tbody tr').count()).toBeGreaterThan(5);
    await items.getByRole('button', { name: '添加检查项', exact: true }).click();
    const form = page.getByTestId('detail-list-form');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await poll(() => page.locator('#safety-checklist-item_content__error').textContent()).toBe('请输入检查内容');
    await page.locator('#safety-checklist-item_section').fill('施工用电');
    await page.locator('#safety-checklist-item_sort').fill('99');
    await page.locator('#safety-checklist-item_content').fill('移动式配电箱放置稳固，进出线有护套');
    await choose(page, 'safety-checklist-item_category', '触电');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    // The new item (序号 99) is last: on the list's last page.
    await items.locator('.arco-pagination-item').last().click();
    await poll(() => items.locator('tbody').innerText()).toContain('移动式配电箱放置稳固，进出线有护套');
    await screenshot(page, 'safety-checklist-template');
    await context.close();
  });
});

describe('安全教育', () => {
  it('records a 三级安全教育 with an attendee from the registry, and the worker list drops the flag', async () => {
    const { context, page } = await logIn(browser, 'manager', WIDTHS[1]);
    // A flagged worker (on site, no passed 三级安全教育) whose name is unique in the project.
    await page.goto('/app/ldhw/workers');
    const workers = page.getByTestId('crud-labour-workers');
    await workers.locator('tbody tr').first().waitFor();
    const total = async () =>
      Number((await workers.locator('.arco-pagination-total-text').textContent())?.replace(/\D/g, ''));
    await poll(total).toBeGreaterThan(0);
    const everyone = await total();
    await choose(page, 'search-labour-worker_safetyEducationMissing', '在场未完成');
    await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
    await poll(total).toBeLessThan(everyone);
    const flaggedBefore = await total();
    expect(flaggedBefore).toBeGreaterThan(0);
    // Every row shows the flag in red (a blacklisted worker's name is red as well).
    const flagged = await workers
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((tr) => [...tr.querySelectorAll('.cell-warn')].some((cell) => cell.textContent === '未完成')),
      );
    expect(flagged.every(Boolean)).toBe(true);
    await screenshot(page, 'safety-workers-flagged');
    const names = await workers.locator('tbody tr td:first-child').allInnerTexts();
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name.trim(), (counts.get(name.trim()) ?? 0) + 1);
    const name = [...counts].find(([, count]) => count === 1)?.[0];
    expect(name).toBeTruthy();
    const worker = name as string;

    await page.goto('/app/constructionSafety/education');
    const trainings = page.getByTestId('crud-safety-training-list');
    await trainings.locator('tbody tr').first().waitFor();
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    await trainings.getByRole('button', { name: '新增', exact: true }).click();
    const createForm = page.getByTestId('crud-dialog-form');
    await createForm.locator('form').waitFor();
    const title = '补训：新进场工人三级安全教育（浏览器）';
    await page.locator('#safety-training_title').fill(title);
    await choose(page, 'safety-training_courseId', '新进场工人三级安全教育');
    await typeDate(page, 'safety-training_trainingDate', '2026-11-23');
    await page.locator('#safety-training_trainer').fill('张安全');
    await page.locator('#safety-training_place').fill('项目部会议室');
    await createForm.getByRole('button', { name: '保存', exact: true }).click();
    await createForm.waitFor({ state: 'detached' });
    await poll(() => row(trainings, title).count()).toBe(1);
    await row(trainings, title).getByRole('button', { name: '参训人员', exact: true }).click();

    const attendees = page.getByTestId('detail-related-参训人员');
    await attendees.getByRole('button', { name: '添加参训人员', exact: true }).click();
    const form = page.getByTestId('detail-list-form');
    await form.locator('form').waitFor();
    await choose(page, 'safety-training-attendee_workerId', worker, worker);
    await page.locator('#safety-training-attendee_score').fill('92');
    await radio(form, '合格').click();
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await poll(() => row(attendees, worker).count()).toBe(1);
    expect(await row(attendees, worker).innerText()).toMatch(/92[\s\S]*合格/);
    await poll(() => page.locator('.detail-fields').innerText()).toMatch(/参训人数\s*1/);
    await screenshot(page, 'safety-training-attendees');

    // The worker list no longer flags them; their detail page shows the training.
    await page.goto('/app/ldhw/workers');
    await workers.locator('tbody tr').first().waitFor();
    await choose(page, 'search-labour-worker_safetyEducationMissing', '在场未完成');
    await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
    await poll(total).toBe(flaggedBefore - 1);
    await page.locator('#search-labour-worker_name').fill(worker);
    await page.getByTestId('crud-search').getByRole('button', { name: '查询', exact: true }).click();
    await poll(() => row(workers, worker).count()).toBe(0);
    await context.close();
  });

  it('lists the courses at 1280 wide', async () => {
    const { context, page } = await logIn(browser, 'staff', WIDTHS[0]);
    await page.goto('/app/constructionSafety/education');
    await page.getByRole('tab', { name: '教育课程' }).click();
    const courses = page.getByTestId('crud-safety-course-list');
    await poll(() => row(courses, '新进场工人三级安全教育').count()).toBe(1);
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    await screenshot(page, 'safety-courses-1280');
    await context.close();
  });
});
