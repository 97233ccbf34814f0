/**
 * Paging a long collection list (src/server/collections/records.ts): a page far from the start is read from the
 * end of the same order, and the total is remembered until the records change. Every page must be exactly the
 * slice of the full order (nulls last, the id breaking ties), whichever way it was read.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { createTestApp, idNumber, type TestApp } from './test-app.js';

const PROJECT = 'project-highway';
const COUNT = 2_345;
const BASE = '/api/data/labour-worker';

let t: TestApp;
const app = {
  get app() {
    return t.app;
  },
};
beforeAll(async () => {
  t = await createTestApp();
  // Many on the same day (ties broken by id), some without an entry date (last either way).
  await sql`insert into c_labour_worker (id, project_id, created_by, name, id_card_number, team, trade, entry_date,
      status, blacklisted)
    select 'page-' || lpad(g::text, 5, '0'), ${PROJECT}, null, '翻页' || (g % 97), 'P' || lpad(g::text, 17, '0'),
      '翻页班', 'rebar', case when g % 50 = 0 then null else date '2026-01-01' + (g % 40) end, 'onSite', false
    from generate_series(1, ${COUNT}) g`.execute(t.db);
}, 60_000);
afterAll(async () => t?.close());
const who = useCallers(app);

async function expected(order: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`select id from c_labour_worker where project_id = ${PROJECT}
    order by ${sql.raw(order)}`.execute(t.db);
  return rows.rows.map((row) => row.id);
}

async function page(pageNo: number, sort?: string): Promise<PageData<{ id: string }>> {
  const answer = await who.manager.call<PageData<{ id: string }>>(
    'GET',
    `${BASE}?projectId=${PROJECT}&pageNo=${pageNo}&pageSize=10${sort ? `&sort=${sort}` : ''}`,
  );
  expect(answer.msgCode).toBe(0);
  return answer.data as PageData<{ id: string }>;
}

describe('paging a long collection list', () => {
  for (const [sort, order] of [
    [undefined, 'entry_date desc nulls last, id'],
    ['entryDate', 'entry_date asc nulls last, id'],
    ['-name', 'name desc nulls last, id'],
  ] as const) {
    it(`gives every page as the slice of the whole order (${sort ?? 'the default sort'})`, async () => {
      const all = await expected(order);
      const lastPage = Math.ceil(all.length / 10);
      for (const pageNo of [1, 2, 100, 101, 118, 150, 200, lastPage - 1, lastPage, lastPage + 1]) {
        const got = await page(pageNo, sort);
        expect(got.total).toBe(all.length);
        expect(got.dataList.map((row) => row.id)).toEqual(all.slice((pageNo - 1) * 10, pageNo * 10));
      }
    });
  }

  it('counts again once the records change', async () => {
    const before = (await page(1)).total;
    // The demo project's own workers and the ones added here.
    expect(before).toBe((await expected('id')).length);
    const created = await who.manager.call('POST', BASE, {
      projectId: PROJECT,
      name: '新来的',
      idCardNumber: idNumber('19900909', '777', '110101'),
      team: '翻页班',
      trade: 'rebar',
      entryDate: '2026-03-01',
    });
    expect(created.msgCode).toBe(0);
    expect((await page(1)).total).toBe(before + 1);
    expect((await page(200)).total).toBe(before + 1);
    await sql`delete from c_labour_worker where id = 'page-00001'`.execute(t.db);
    expect((await page(200)).total).toBe(before);
  });
});
