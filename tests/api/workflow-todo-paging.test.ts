/**
 * The unfiltered 待办 list pages on the user's pending tasks alone (queries.ts todoPage), pages past the middle read
 * from the oldest end: every page, small or large, near or far, shows the same rows in the same order as one big
 * page, and the same total as the joined count of a filtered list.
 */
import { describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';
import { material, start } from './workflow-helpers.js';

const t = useTestApp();
const who = useCallers(t);

interface TodoPage {
  dataList: { taskId: string; title: string }[];
  total: number;
}

const todo = async (query: string) =>
  (await who.staff.call<TodoPage>('GET', `/workflow/process/todoList?${query}`)).data!;

describe('the 待办 list pages', () => {
  it('agree with one big page, from either end, and with the joined count', async () => {
    for (let n = 0; n < 7; n++)
      await start(who.manager, 'material-purchase', material(1000 + n, { materialName: `分页${n}` }));
    const all = await todo('pageNum=1&pageSize=100');
    expect(all.total).toBe(all.dataList.length);
    expect(all.total).toBeGreaterThanOrEqual(7);
    // Newest first: the last one started leads.
    expect(all.dataList[0]!.title).toBe('分页6');

    for (const size of [1, 3, 4]) {
      const rows: string[] = [];
      for (let pageNum = 1; pageNum <= Math.ceil(all.total / size); pageNum++) {
        const page = await todo(`pageNum=${pageNum}&pageSize=${size}`);
        expect(page.total).toBe(all.total);
        rows.push(...page.dataList.map((row) => row.taskId));
      }
      expect(rows).toEqual(all.dataList.map((row) => row.taskId));
    }
    expect((await todo(`pageNum=${all.total + 1}&pageSize=1`)).dataList).toEqual([]);

    // A filter takes the joined query: the same rows of the same process, in the same order.
    const filtered = await todo(`pageNum=1&pageSize=100&processName=${encodeURIComponent('材料采购')}`);
    const purchases = all.dataList.filter((row) => filtered.dataList.some((f) => f.taskId === row.taskId));
    expect(filtered.dataList.map((row) => row.taskId)).toEqual(purchases.map((row) => row.taskId));
  });
});
