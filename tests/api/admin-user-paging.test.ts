/**
 * The user list's paging (admin/users.ts): pages read from the list's marks (every 500th row) give exactly
 * the rows of one long page in creation order, even when hundreds of users were created within one millisecond,
 * and the remembered total and marks follow every write to the users, whoever makes it (lib/list-totals.ts).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const as = useCallers(t);
// More than two marks' worth, so that pages start from a mark.
const ADDED = 1203;

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
          id: `paging-${String(i).padStart(4, '0')}`,
          login_name: `paging${i}`,
          name: `翻页用户${i}`,
          password_hash: 'unused',
          office_id: 'office-east',
          company_id: 'office-company',
          // Two users share each microsecond (all of them within 1 ms, finer than a JavaScript date): the id breaks
          // the tie.
          created_at: sql<Date>`${new Date(base)}::timestamptz + ${Math.floor(i / 2)} * interval '1 microsecond'`,
        })),
      )
      .execute();
  });

  it('pages of 7 put together are the one long page, in creation order', async () => {
    const whole = await page(1, 9999);
    expect(whole.total).toBe(whole.dataList.length);
    expect(whole.total).toBeGreaterThanOrEqual(ADDED);
    const pages = Math.ceil(whole.total / 7);
    const joined: Listed[] = [];
    for (let n = 1; n <= pages; n++) {
      const one = await page(n, 7);
      expect(one).toMatchObject({ total: whole.total, pageNo: n, pageSize: 7 });
      joined.push(...one.dataList);
    }
    expect(joined.map((u) => u.id)).toEqual(whole.dataList.map((u) => u.id));
    expect(joined.find((u) => u.id === 'paging-0000')?.companyName).not.toBe('');
    expect((await page(pages + 1, 7)).dataList).toEqual([]);
  });

  it('the total follows a write made straight in the database', async () => {
    const before = (await page(1, 5)).total;
    const beyondMark = async () => (await page(101, 5)).dataList.map((u) => u.id);
    const shown = await beyondMark();
    await t.db.updateTable('sys_user').set({ del_flag: '1' }).where('id', '=', 'paging-0005').execute();
    const after = await page(1, 5);
    expect(after.total).toBe(before - 1);
    // Every later row moved up one place, past the mark too.
    expect((await beyondMark()).slice(0, 4)).toEqual(shown.slice(1));
    const last = await page(Math.ceil(after.total / 5), 5);
    expect(last.dataList.map((u) => u.id)).not.toContain('paging-0005');
  });

  it('each filter has its own total', async () => {
    const filtered = await page(1, 2, `&name=${encodeURIComponent('翻页用户1')}`);
    // 翻页用户1, 翻页用户10..19, 100..199 and 1000..1202
    expect(filtered.total).toBe(1 + 10 + 100 + 203);
    expect(filtered.dataList).toHaveLength(2);
  });
});
