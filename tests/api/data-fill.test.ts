/**
 * 数据填报 (module data-fill): a form checked by the form meta-schema and its rule messages, tasks that reach exactly
 * their assignees (user, office and project targets, within the creator's scope), drafts, submissions validated by
 * the form's own rules on the server, review (a returned fill keeps its values), the signed per-filler link without a
 * login (that fill only; altered or expired refused), overdue reminders by the daily job, and the Excel export.
 */
import { describe, expect, it } from 'vitest';
import { ensureSecret } from '../../src/server/module-api.js';
import { FillLinks, LINK_KEY_ID } from '../../modules/data-fill/server/fill-links.js';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const who = useCallers(t);

const DESIGNED = {
  kind: 'form',
  id: 'fill-test-designed',
  title: '测试表单',
  schema: {
    type: 'object',
    required: ['count'],
    properties: {
      count: {
        type: 'integer',
        title: '人数',
        minimum: 0,
        errorMessage: { required: '请填写人数', minimum: '人数不能小于0' },
      },
      code: {
        type: 'string',
        title: '编号',
        pattern: '^[A-Z]{2}\\d{3}$',
        errorMessage: { pattern: '编号应为两位大写字母加三位数字' },
      },
    },
  },
};

interface Fill {
  id: string;
  status: string;
  data: Record<string, unknown>;
  comment: string;
  link: string;
  fillerName: string;
}

async function makeTask(targetType: string, targetIds: string[], period = 'once', due = '2020-01-01') {
  const form = await who.admin.call<{ id: string }>('POST', '/api/ldf/v1.0/forms', {
    title: '测试表单',
    definition: DESIGNED,
  });
  expect(form.msgCode, form.errMsg).toBe(0);
  const task = await who.admin.call<{ id: string; opened: number }>('POST', '/api/ldf/v1.0/tasks', {
    title: `测试任务-${targetType}`,
    formId: form.data!.id,
    targetType,
    targetIds,
    period,
    due,
  });
  expect(task.msgCode, task.errMsg).toBe(0);
  const detail = await who.admin.call<{ fills: Fill[] }>('GET', `/api/ldf/v1.0/tasks/${task.data!.id}`);
  return { id: task.data!.id, fills: detail.data!.fills };
}

describe('data fill', () => {
  it('checks a designed form: meta-schema, a message for every rule, rules that compile', async () => {
    const noMessage = structuredClone(DESIGNED);
    delete (noMessage.schema.properties.code as { errorMessage?: unknown }).errorMessage;
    expect(await who.admin.call('POST', '/api/ldf/v1.0/forms', { title: 'x', definition: noMessage })).toMatchObject({
      msgCode: -400,
      errMsg: '请为字段“编号”的格式规则填写提示',
    });
    const badKind = { ...DESIGNED, kind: 'table' };
    expect((await who.admin.call('POST', '/api/ldf/v1.0/forms', { title: 'x', definition: badKind })).msgCode).toBe(
      -400,
    );
    // A meta-schema fault is told in Chinese, at the field by its title.
    const emptyMessage = structuredClone(DESIGNED);
    emptyMessage.schema.properties.code.errorMessage.pattern = '';
    const refused = await who.admin.call('POST', '/api/ldf/v1.0/forms', { title: 'x', definition: emptyMessage });
    expect(refused.msgCode).toBe(-400);
    expect(refused.errMsg).toMatch(/^表单格式不正确：字段“编号”的 errorMessage\/pattern 不应.*1 个字符$/);
    const badPattern = structuredClone(DESIGNED);
    badPattern.schema.properties.code.pattern = '([';
    expect(await who.admin.call('POST', '/api/ldf/v1.0/forms', { title: 'x', definition: badPattern })).toMatchObject({
      msgCode: -400,
      errMsg: '表单的规则无效，请检查正则表达式',
    });
    expect((await who.staff.call('GET', '/api/ldf/v1.0/form-templates')).msgCode).toBe(0);
  });

  it('reaches exactly the assignees of user, office and project targets', async () => {
    const byUser = await makeTask('user', ['user-staff']);
    expect(byUser.fills.map((f) => f.fillerName)).toEqual(['李施工员']);
    const byOffice = await makeTask('office', ['office-east']);
    expect(byOffice.fills.map((f) => f.fillerName)).toContain('张经理');
    expect(byOffice.fills.map((f) => f.fillerName)).not.toContain('李施工员');
    const byProject = await makeTask('project', ['project-binjiang']);
    expect(byProject.fills.map((f) => f.fillerName)).toContain('李施工员');
    expect(byProject.fills.map((f) => f.fillerName)).not.toContain('张经理');
    const mine = await who.manager.call<{ id: string }[]>('GET', '/api/ldf/v1.0/fills/mine');
    expect(mine.data!.some((f) => byUser.fills.some((g) => g.id === f.id))).toBe(false);
    // Someone else's fill is as absent as a missing one.
    expect((await who.manager.call('GET', `/api/ldf/v1.0/fills/${byUser.fills[0]!.id}`)).msgCode).toBe(-404);
    expect(
      (
        await who.admin.call('POST', '/api/ldf/v1.0/tasks', {
          title: 'x',
          formId: 'nope',
          targetType: 'user',
          targetIds: ['u'],
          period: 'once',
          due: '2026-01-01',
        })
      ).msgCode,
    ).toBe(-400);
  });

  it('validates a submission with the form, keeps a returned fill, accepts it after', async () => {
    const { id, fills } = await makeTask('user', ['user-staff']);
    const fill = fills[0]!;
    expect(
      (await who.staff.call('PUT', `/api/ldf/v1.0/fills/${fill.id}/draft`, { data: { code: 'ab' } })).msgCode,
    ).toBe(0);
    expect(await who.staff.call('POST', `/api/ldf/v1.0/fills/${fill.id}/submit`, { data: {} })).toMatchObject({
      msgCode: -400,
      errMsg: '请填写人数',
    });
    expect(
      await who.staff.call('POST', `/api/ldf/v1.0/fills/${fill.id}/submit`, { data: { count: 3, code: 'ab' } }),
    ).toMatchObject({
      msgCode: -400,
      errMsg: '编号应为两位大写字母加三位数字',
    });
    expect(
      (await who.staff.call('POST', `/api/ldf/v1.0/fills/${fill.id}/submit`, { data: { count: 3, code: 'AB123' } }))
        .msgCode,
    ).toBe(0);
    expect((await who.staff.call('PUT', `/api/ldf/v1.0/fills/${fill.id}/draft`, { data: { count: 4 } })).msgCode).toBe(
      -409,
    );
    expect(await who.admin.call('POST', `/api/ldf/v1.0/fills/${fill.id}/review`, { decision: 'return' })).toMatchObject(
      {
        msgCode: -400,
        errMsg: '退回时请填写退回意见',
      },
    );
    const returned = await who.admin.call<Fill>('POST', `/api/ldf/v1.0/fills/${fill.id}/review`, {
      decision: 'return',
      comment: '人数有误',
    });
    expect(returned.data).toMatchObject({ status: 'returned', comment: '人数有误', data: { count: 3, code: 'AB123' } });
    const reopened = await who.staff.call<Fill>('GET', `/api/ldf/v1.0/fills/${fill.id}`);
    expect(reopened.data).toMatchObject({ status: 'returned', data: { count: 3, code: 'AB123' } });
    expect(
      (await who.staff.call('POST', `/api/ldf/v1.0/fills/${fill.id}/submit`, { data: { count: 5, code: 'AB123' } }))
        .msgCode,
    ).toBe(0);
    expect(
      (await who.admin.call<Fill>('POST', `/api/ldf/v1.0/fills/${fill.id}/review`, { decision: 'accept' })).data
        ?.status,
    ).toBe('accepted');
    // The filler may not review: a task made by an administrator for the whole portal is not in a company's scope.
    expect(
      (await who.staff.call('POST', `/api/ldf/v1.0/fills/${fill.id}/review`, { decision: 'accept' })).msgCode,
    ).toBe(-404);
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/ldf/v1.0/tasks/${id}/export`,
      headers: { 'access-token': who.admin.token! },
    });
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
  });

  it('opens a fill by its signed link without a login, that fill only; altered or expired refused', async () => {
    const { fills } = await makeTask('user', ['user-staff', 'user-manager']);
    const [first, second] = fills;
    const token = /^\/ldf\/fill_data#\/link\/(.+)$/.exec(first!.link)![1]!;
    const opened = await who.none.call<Fill>('GET', `/api/ldf/v1.0/link/${token}`);
    expect(opened.msgCode, opened.errMsg).toBe(0);
    expect((await who.none.call('POST', `/api/ldf/v1.0/link/${token}/submit`, { data: { count: 1 } })).msgCode).toBe(0);
    // The same signature on the other fill's id does not open it.
    const swapped = token.replace(first!.id, second!.id);
    expect(await who.none.call('GET', `/api/ldf/v1.0/link/${swapped}`)).toMatchObject({
      msgCode: -403,
      errMsg: '填报链接无效，请向管理员重新获取',
    });
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await who.none.call('GET', `/api/ldf/v1.0/link/${altered}`)).msgCode).toBe(-403);
    const links = new FillLinks(await ensureSecret(t.db, LINK_KEY_ID), () => new Date());
    const fillerOfSecond = second!.fillerName === '张经理' ? 'user-manager' : 'user-staff';
    const expired = links.token(second!.id, fillerOfSecond, new Date(Date.now() - 1000));
    expect(await who.none.call('GET', `/api/ldf/v1.0/link/${expired}`)).toMatchObject({
      msgCode: -403,
      errMsg: '填报链接已过期，请向管理员重新获取',
    });
    expect((await who.none.call('GET', `/api/ldf/v1.0/link/${links.token(second!.id, fillerOfSecond)}`)).msgCode).toBe(
      0,
    );
  });

  it('reminds overdue fillers once a day through the daily job', async () => {
    await makeTask('user', ['user-staff']);
    let id: string | null | undefined;
    for (let i = 0; i < 500 && !id; i++) {
      id = await t.app.jobs.send('data-fill-daily', {});
      if (!id) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (let i = 0; i < 1500; i++) {
      const job = await t.app.jobs.get('data-fill-daily', id!);
      if (job && ['completed', 'failed'].includes(job.state)) {
        expect(job.state, job.error ?? '').toBe('completed');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const messages = await who.staff.call<{ dataList: { title: string }[] }>(
      'GET',
      '/api/MC/McMessageUser/v1.0/list?pageNo=1&pageSize=50',
    );
    expect(JSON.stringify(messages)).toContain('填报逾期');
  });
});
