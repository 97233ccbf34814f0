/**
 * The flow designer (系统管理 / 流程设计), in Chromium against the real server: the administrator opens
 * 材料采购申请, adds a condition node with the keyboard, gives its branch 金额 > 200000 and an approver by role
 * (publishing is refused with the check's Chinese message while the approver is missing), publishes and sees the
 * new version; an instance started before keeps its version. Site staff has neither the screen nor the right to
 * publish. Screenshots at 1280 and 1920.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowNode } from '../../src/shared/processes';
import { launchBrowser, screenshot } from './browser';
import { callApi, logIn, poll, row, WIDTHS } from './screen-helpers';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Picks `option` in the Arco select found by `select` (the popup of the select just opened). */
async function pick(page: Page, select: ReturnType<Page['locator']>, option: string) {
  await select.click();
  await page.locator('.arco-select-popup:visible').last().getByText(option, { exact: true }).click();
}

async function openDesigner(page: Page) {
  await page.goto('/app/systemProject/process');
  const list = page.locator('.crud-page');
  await row(list, '材料采购申请').getByText('设计', { exact: true }).click();
  await page.getByTestId('flow-designer').waitFor();
}

const versionShown = async (page: Page) =>
  Number(/v(\d+)/.exec((await page.getByTestId('fd-version').textContent()) ?? '')?.[1]);

describe('flow designer', () => {
  it('adds a condition node with a branch 金额 > 200000 to an approver by role, publishes, shows the new version', async () => {
    const { context, page } = await logIn(browser, 'admin', WIDTHS[0]);
    // An instance started before the change keeps its version.
    const started = await callApi(page, 'POST', '/api/workflow/instances', {
      processId: 'material-purchase',
      projectId: 'project-binjiang',
      form: { materialName: '螺纹钢', quantity: 10, unit: '吨', amount: 300000, neededDate: '2026-12-31' },
    });
    expect(started.msgCode, started.errMsg).toBe(0);

    await openDesigner(page);
    const before = await versionShown(page);
    expect(before).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'flow-designer-1280');

    // The keyboard adds the node: focus the "+" after 材料员核对, open its menu, move to 条件分支.
    await page.getByRole('button', { name: '在流程的「材料员核对」之后添加节点' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('添加审批人');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    // The new condition node's first branch opens in the side panel, asking for its condition.
    const panel = page.getByTestId('fd-panel');
    await panel.getByText('请为分支「条件1」设置条件').waitFor();
    await panel.getByLabel('分支名称').fill('金额大于20万元');
    await panel.getByRole('button', { name: '添加条件', exact: true }).click();
    const condition = panel.getByTestId('fd-condition-0');
    await pick(page, condition.locator('.fd-condition-field'), '采购金额（元）');
    await condition.locator('.fd-condition-value input').fill('200000');
    await condition.locator('.fd-condition-value input').press('Tab');
    await page.getByRole('button', { name: '完成' }).click();
    const branchCard = page.getByTestId('fd-branch-branch-1-0');
    await poll(() => branchCard.textContent()).toContain('采购金额（元） > 200000');

    // An approval in that branch: without an approver, publishing is refused and says why.
    await page.getByRole('button', { name: '在分支「金额大于20万元」开头添加节点' }).click();
    await page.getByRole('button', { name: '添加审批人' }).click();
    await panel.getByText('审批节点没有指定人员').waitFor();
    await page.getByRole('button', { name: '完成' }).click();
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByTestId('fd-faults').getByText('审批节点没有指定人员').waitFor();
    expect(await versionShown(page)).toBe(before);

    await page.getByTestId('fd-node-approval-1').click();
    await panel.getByLabel('节点名称').fill('公司总经理审批');
    await panel.getByText('按角色', { exact: true }).click();
    await pick(page, panel.locator('.fd-rule-role'), '系统管理员');
    await page.getByRole('button', { name: '完成' }).click();
    await poll(() => page.getByTestId('fd-node-approval-1').textContent()).toContain('角色：系统管理员');
    // The panel gives the focus back to its card.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'fd-node-approval-1',
    );
    await screenshot(page, 'flow-designer-edited-1280');

    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByText(`发布成功，当前版本 v${before + 1}`).waitFor();
    await poll(() => versionShown(page)).toBe(before + 1);

    // The server holds the new version with the branch; the instance keeps the version it started on.
    const published = await callApi<{ version: number; flow: FlowNode[] }>(
      page,
      'GET',
      '/api/workflow/definitions/material-purchase',
    );
    expect(published.data!.version).toBe(before + 1);
    const added = published.data!.flow[1]!;
    expect(added).toMatchObject({
      type: 'branch',
      branches: [
        {
          name: '金额大于20万元',
          conditions: [{ field: 'amount', op: 'gt', value: 200000 }],
          nodes: [{ name: '公司总经理审批', approvers: { type: 'role', role: 'admin' } }],
        },
        { name: '其他情况', nodes: [] },
      ],
    });
    const instance = await callApi<{ version: number }>(page, 'GET', `/api/workflow/instances/${started.data!.id}`);
    expect(instance.data!.version).toBe(before);

    // The list shows the new version and its publisher.
    await page.goto('/app/systemProject/process');
    const list = page.locator('.crud-page');
    await poll(() => row(list, '材料采购申请').textContent()).toContain('系统管理员');
    expect(await row(list, '材料采购申请').textContent()).toContain(String(before + 1));
    await context.close();
  });

  it('looks right at 1920', async () => {
    const { context, page } = await logIn(browser, 'admin', WIDTHS[1]);
    await page.goto('/app/systemProject/process');
    await row(page.locator('.crud-page'), '材料采购申请').waitFor();
    await screenshot(page, 'flow-designs-1920');
    await openDesigner(page);
    await page.getByTestId('fd-node-check').click();
    await page.getByTestId('fd-panel').waitFor();
    await screenshot(page, 'flow-designer-panel-1920');
    await context.close();
  });

  it('site staff has no designer and cannot publish', async () => {
    const { context, page } = await logIn(browser, 'staff', WIDTHS[0]);
    await page.goto('/app/systemProject/process');
    await page.getByTestId('no-access').waitFor();
    await page.goto('/app/systemProject/process/material-purchase');
    await page.getByTestId('no-access').waitFor();
    const current = await callApi<{ version: number }>(page, 'GET', '/api/workflow/definitions/material-purchase');
    const refused = await callApi(page, 'POST', '/api/workflow/definitions/material-purchase/versions', {});
    expect(refused).toMatchObject({ msgCode: -403, errMsg: '无权访问' });
    const after = await callApi<{ version: number }>(page, 'GET', '/api/workflow/definitions/material-purchase');
    expect(after.data!.version).toBe(current.data!.version);
    await context.close();
  });
});
