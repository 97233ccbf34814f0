/**
 * 进场 / 退场 / 重新进场 of a worker (the real-name system's stays): the exit names its date and reason, re-entry its
 * date, each is a step of the worker's status taken by who did it, refused from the wrong state or without what it
 * needs, and the worker's timeline is the history of their stays with what each step set.
 */
import { describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { idNumber, useTestApp } from './test-app.js';

const PROJECT = 'project-highway';
type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

async function newWorker(name: string, order: string): Promise<Row> {
  const created = await who.manager.call<Row>('POST', '/api/data/labour-worker', {
    projectId: PROJECT,
    name,
    idCardNumber: idNumber('19900315', order, '510102'),
    phone: '16612345678',
    team: '钢筋一班',
    trade: 'rebar',
    entryDate: '2026-09-01',
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  return created.data!;
}

const step = (worker: Row, body: Record<string, unknown>) =>
  who.manager.call<Row>('POST', `/api/data/labour-worker/${worker.id}/transition`, {
    version: worker.version,
    ...body,
  });

describe("a worker's stays on site", () => {
  it('exits with a date and a reason, enters again with a date, and the timeline keeps both stays', async () => {
    const worker = await newWorker('王建军', '311');
    expect(worker.status).toBe('onSite');
    expect(await step(worker, { action: 'exit', exitDate: '2026-10-31' })).toMatchObject({
      msgCode: -400,
      errMsg: '请选择退场原因',
    });
    expect(await step(worker, { action: 'reenter', entryDate: '2026-11-01' })).toMatchObject({ msgCode: -409 });
    const left = await step(worker, {
      action: 'exit',
      exitDate: '2026-10-31',
      exitReason: '分项工程完工',
      remark: '主体结构钢筋完工',
    });
    expect(left.msgCode, left.errMsg).toBe(0);
    expect(left.data).toMatchObject({ status: 'left', exitDate: '2026-10-31', exitReason: '分项工程完工' });
    expect(await step(worker, { action: 'exit', exitDate: '2026-11-02', exitReason: '其他' })).toMatchObject({
      msgCode: -409,
    });
    const back = await step(left.data!, { action: 'reenter', entryDate: '2026-11-20', remark: '装饰阶段返场' });
    expect(back.msgCode, back.errMsg).toBe(0);
    expect(back.data).toMatchObject({ status: 'onSite', entryDate: '2026-11-20' });

    const history = await who.manager.call<{ actionLabel: string; byName: string; remark: string; data: Row }[]>(
      'GET',
      `/api/data/labour-worker/${worker.id}/history`,
    );
    expect(history.data!.map((entry) => entry.actionLabel)).toEqual(['新建', '退场', '重新进场']);
    expect(history.data![1]).toMatchObject({
      byName: '张经理',
      remark: '主体结构钢筋完工',
      data: { exitDate: '2026-10-31', exitReason: '分项工程完工' },
    });
    expect(history.data![2]).toMatchObject({ remark: '装饰阶段返场', data: { entryDate: '2026-11-20' } });
  });

  it('refuses a reason that is not on the list, and a stale version', async () => {
    const worker = await newWorker('李春梅', '322');
    expect(await step(worker, { action: 'exit', exitDate: '2026-10-31', exitReason: '不想干了' })).toMatchObject({
      msgCode: -400,
      errMsg: '请选择列表中的退场原因',
    });
    const left = await step(worker, { action: 'exit', exitDate: '2026-10-31', exitReason: '个人原因' });
    expect(left.msgCode).toBe(0);
    // The version read before the exit is no longer the worker's.
    expect(await step(worker, { action: 'reenter', entryDate: '2026-11-20' })).toMatchObject({ msgCode: -409 });
  });
});
