/**
 * The user list's paging (services/admin-users.ts): pages read forwards or, past the middle, backwards from the
 * end give exactly the rows of one long page in creation order, and the remembered total follows every write to
 * the users, whoever makes it (services/list-totals.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const as = useCallers(t);
const ADDED = 23;

interface Listed {
  id: string;
  loginName: string;
  companyName: string;
}

async function page(pageNo: number, pageSize: number, filter = ''): Promise<PageData<Listed>> {
  const answer = await as.admin.call<PageData<Listed>>(
    'GET',
    `/api/user/list?pageNo=${pageNo}&pageSize=${pageSize}${filter}`,
  );
  expect(answer.msgCode).toBe(0);
  return answer.data!;
}

describe('user list paging', () => {
  beforeAll(async () => {
    const base = Date.parse('2020-01-01T00:00:00Z');
    await t.db
      .insertInto('sys_user')
      .values(
        Array.from({ length: ADDED }, (_, i) => ({
          id: `paging-${String(i).padStart(2, '0')}`,
          login_name: `paging${i}`,
          name: `翻页用户${i}`,
          password_hash: 'unused',
          office_id: 'office-east',
          company_id: 'office-company',
          // Two users share each second: the id breaks the tie.
          created_at: new Date(base + Math.floor(i / 2) * 1000),
        })),
      )
      .execute();
  });

  it('pages of 4 put together are the one long page, in creation order, whichever end they are read from', async () => {
    const whole = await page(1, 1000);
    expect(whole.total).toBe(whole.dataList.length);
    expect(whole.total).toBeGreaterThanOrEqual(ADDED);
    const pages = Math.ceil(whole.total / 4);
    const joined: Listed[] = [];
    for (let n = 1; n <= pages; n++) {
      const one = await page(n, 4);
      expect(one).toMatchObject({ total: whole.total, pageNo: n, pageSize: 4 });
      joined.push(...one.dataList);
    }
    expect(joined.map((u) => u.id)).toEqual(whole.dataList.map((u) => u.id));
    expect(joined.find((u) => u.id === 'paging-00')?.companyName).not.toBe('');
    expect((await page(pages + 1, 4)).dataList).toEqual([]);
  });

  it('the total follows a write made straight in the database', async () => {
    const before = (await page(1, 5)).total;
    await t.db.updateTable('sys_user').set({ del_flag: '1' }).where('id', '=', 'paging-05').execute();
    const after = await page(1, 5);
    expect(after.total).toBe(before - 1);
    const last = await page(Math.ceil(after.total / 5), 5);
    expect(last.dataList.map((u) => u.id)).not.toContain('paging-05');
  });

  it('each filter has its own total', async () => {
    const filtered = await page(1, 2, `&name=${encodeURIComponent('翻页用户1')}`);
    // 翻页用户1 and 翻页用户10..19
    expect(filtered.total).toBe(11);
    expect(filtered.dataList).toHaveLength(2);
  });
});
