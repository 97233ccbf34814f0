/**
 * The demo's fill tasks, as a construction company sets them up: 月度安全生产情况统计 and 农民工工资支付情况月报 to
 * the project departments, 周进度填报 to the site staff, and a one-off 节前安全大检查情况 to the east branch; last
 * periods' fills submitted, accepted, returned with a comment, and some left overdue. Made once (when no task is
 * there), at the portal's demo start.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { chinaDate, type Db, type FormFile } from '../../../src/server/module-api.js';
import { daysAfter, periodOn, type Period } from './periods.js';
import type { FillStore, TargetType } from './store.js';

const formsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'forms');
const template = (id: string) => JSON.parse(readFileSync(path.join(formsDir, `${id}.json`), 'utf8')) as FormFile;

interface DemoTask {
  title: string;
  form: string;
  targetType: TargetType;
  targets: string[];
  period: Period;
  due: string;
  /** Values of a past period's fill, by the filler's place in the list. */
  values: (index: number) => Record<string, unknown>;
}

const TASKS: DemoTask[] = [
  {
    title: '月度安全生产情况统计',
    form: 'fill-safety-monthly',
    targetType: 'project',
    targets: ['project-binjiang', 'project-expressway', 'project-highway'],
    period: 'monthly',
    due: '25',
    values: (i) => ({
      workers: 180 + i * 37,
      inspections: 12 + i,
      hazardsFound: 9 + i * 2,
      hazardsClosed: 8 + i * 2,
      accident: '无事故',
      remark: '本月开展高处作业、临时用电专项检查。',
    }),
  },
  {
    title: '农民工工资支付情况月报',
    form: 'fill-wage-monthly',
    targetType: 'project',
    targets: ['project-binjiang', 'project-expressway', 'project-highway'],
    period: 'monthly',
    due: '10',
    values: (i) => ({
      workers: 160 + i * 30,
      payable: 128.5 + i * 20,
      paid: 128.5 + i * 20,
      paidOnTime: true,
      specialAccount: `33050161${i}2700000${i}1234`,
    }),
  },
  {
    title: '周进度填报',
    form: 'fill-weekly-progress',
    targetType: 'user',
    targets: ['user-staff', 'user-manager'],
    period: 'weekly',
    due: '5',
    values: (i) => ({
      workDone: i === 0 ? '3#楼主体结构施工至12层，完成12层顶板钢筋绑扎。' : '东区管廊完成垫层浇筑 120m。',
      percent: 46 + i * 8,
      delayed: false,
    }),
  },
];

export async function seedDemoFills(store: FillStore, db: Db, now: Date): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ldf_task`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) return;
  const today = chinaDate(now);
  for (const demo of TASKS) {
    const formId = await store.saveForm(
      undefined,
      { all: false, companyId: 'office-company' },
      'user-admin',
      template(demo.form).title ?? demo.title,
      template(demo.form),
    );
    const task = {
      id: randomUUID(),
      company_id: 'office-company',
      title: demo.title,
      form_id: formId,
      target_type: demo.targetType,
      target_ids: demo.targets,
      period: demo.period,
      due: demo.due,
      created_by: 'user-admin',
      created_at: now,
    };
    await store.createTask(task);
    // Two periods back and the last one: accepted, then returned or submitted; the current one open (some overdue).
    const step = demo.period === 'weekly' ? 7 : 31;
    for (const [back, states] of [
      [2, ['accepted', 'accepted', 'accepted']],
      [1, ['accepted', 'returned', 'pending']],
    ] as const) {
      const day = daysAfter(today, -step * back);
      const slot = periodOn(demo.period, demo.due, day);
      await store.openPeriod({ ...task }, day);
      const fills = (await store.fills(task.id)).filter((fill) => fill.period_key === slot.key);
      for (const [index, fill] of fills.entries()) {
        const state = states[index % states.length]!;
        if (state === 'pending') continue;
        await store.saveFill(fill.id, demo.values(index), 'submitted');
        if (state === 'accepted') await store.review(fill.id, 'accepted', '', 'user-admin');
        else await store.review(fill.id, 'returned', '实发与应发不一致处请补充欠薪说明后重新提交。', 'user-admin');
      }
    }
    await store.openPeriod({ ...task }, today);
  }
}
