/**
 * 进度计划 as files: the plan list's Excel export imported back, and the MS Project XML export imported back, leave
 * the schedule as it was (every task's id, WBS code, dates, float and predecessors); the XML carries the calendar,
 * so another project takes the same dates from it; a workbook typed by hand (the template's columns) imports with
 * its outline and relations; bad files are refused whole, naming the rows (a loop by its tasks).
 */
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { PROJECTS } from './portal-helpers.js';
import { json, useTestApp } from './test-app.js';
import { multipart } from './upload-helpers.js';

interface Task {
  id: string;
  wbs: string;
  name: string;
  start: string;
  finish: string;
  duration: number;
  totalFloat: number;
  predecessors: string;
  percentComplete: number;
  actualStart?: string;
  actualFinish?: string;
  responsibleName?: string;
}
interface Schedule {
  projectStart: string;
  tasks: Task[];
  links: unknown[];
  calendar: { workWeek: string };
}

const t = useTestApp();
const who = useCallers(t);
beforeAll(() => addOutsiderProject(t.db));

const schedule = async (projectId: string, caller = who.staff) => {
  const body = await caller.call<Schedule>('GET', `/api/planning/v1.0/schedule?projectId=${projectId}`);
  expect(body.msgCode, body.errMsg).toBe(0);
  return body.data!;
};

/** What a planner compares of two schedules. */
const essence = (plan: Schedule, withIds = true) =>
  plan.tasks.map((task) => ({
    ...(withIds ? { id: task.id } : {}),
    wbs: task.wbs,
    name: task.name,
    start: task.start,
    finish: task.finish,
    duration: task.duration,
    totalFloat: task.totalFloat,
    predecessors: task.predecessors,
    percentComplete: task.percentComplete,
    actualStart: task.actualStart,
    actualFinish: task.actualFinish,
  }));

async function download(url: string, token: string | undefined) {
  const response = await t.app.inject({ method: 'GET', url, headers: { 'access-token': token! } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function upload(projectId: string, name: string, body: Buffer | string, token = who.staff.token) {
  const form = multipart([{ name: 'file', filename: name, body }]);
  return json<{
    created: number;
    updated: number;
    removed: number;
    errors?: { row?: number; field?: string; message: string }[];
  }>(
    await t.app.inject({
      method: 'POST',
      url: `/api/planning/v1.0/import?projectId=${projectId}`,
      payload: form.payload,
      headers: { ...form.headers, 'access-token': token! },
    }),
  );
}

describe('Excel', () => {
  it("imports the plan list's own export back unchanged", async () => {
    const before = await schedule(PROJECTS.binjiang.id);
    const file = await download(`/api/system/export/plan-tasks?projectId=${PROJECTS.binjiang.id}`, who.staff.token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(before.tasks.length + 1);
    expect(sheet.getRow(1).getCell(3).value).toBe('任务名称');
    const result = await upload(PROJECTS.binjiang.id, '进度计划.xlsx', file);
    expect(result.msgCode, JSON.stringify(result)).toBe(0);
    expect(result.data).toMatchObject({ created: 0, updated: before.tasks.length, removed: 0 });
    expect(result.errMsg).toMatch(/^已导入 \d+ 项任务/);
    const after = await schedule(PROJECTS.binjiang.id);
    expect(essence(after)).toEqual(essence(before));
    expect(after.links.length).toBe(before.links.length);
  });

  it('imports a workbook typed by hand: the outline from WBS codes, relations by row number', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('计划');
    sheet.addRow(['序号', 'WBS', '任务名称', '工期（工作日）', '计划开始', '前置任务', '负责人', '完成百分比']);
    sheet.addRow([1, '1', '基础工程']);
    sheet.addRow([2, '1.1', '土方开挖', 10, new Date(Date.UTC(2026, 3, 1))]);
    sheet.addRow([3, '1.2', '垫层及防水', '5天', '', '2']);
    sheet.addRow([4, '1.3', '筏板施工', 12, '2026-04-20', '3FS+2', '李施工员', '30%']);
    sheet.addRow([5, '2', '基础验收', 0, '', '4']);
    const result = await upload(
      OTHER_COMPANY_PROJECT,
      '手工计划.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      who.admin.token,
    );
    expect(result.msgCode, JSON.stringify(result)).toBe(0);
    // 李施工员 is not of this project's company: left empty, and said so.
    expect(result.errMsg).toContain('1 项任务的负责人不是本项目所属公司的人员，已留空');
    const plan = await schedule(OTHER_COMPANY_PROJECT, who.admin);
    expect(plan.projectStart).toBe('2026-04-01');
    expect(plan.tasks.map((task) => [task.wbs, task.name, task.start, task.finish, task.predecessors])).toEqual([
      ['1', '基础工程', '2026-04-01', '2026-05-01', ''],
      ['1.1', '土方开挖', '2026-04-01', '2026-04-10', ''],
      ['1.2', '垫层及防水', '2026-04-11', '2026-04-15', '2'],
      // Its relation would start it on 18 April; the sheet says 20 April, kept as 开始不早于.
      ['1.3', '筏板施工', '2026-04-20', '2026-05-01', '3FS+2'],
      ['2', '基础验收', '2026-05-01', '2026-05-01', '4'],
    ]);
    expect(plan.tasks[3].percentComplete).toBe(30);
  });

  it('refuses a file with errors whole, naming the rows, and a loop by its tasks', async () => {
    const before = await schedule(OTHER_COMPANY_PROJECT, who.admin);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('计划');
    sheet.addRow(['序号', 'WBS', '任务名称', '工期', '前置任务', '计划开始']);
    sheet.addRow([1, '1', '', 3]);
    sheet.addRow([2, '1.1.1', '跳级', 'abc', '', '2026-13-40']);
    sheet.addRow([3, '2', '乙', 4, '9']);
    const bad = await upload(
      OTHER_COMPANY_PROJECT,
      'bad.xlsx',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      who.admin.token,
    );
    expect(bad.msgCode).toBe(-400);
    expect(bad.errMsg).toBe('导入失败：文件中有错误，未导入任何数据');
    expect(bad.data!.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, field: '计划开始', message: '计划开始不是正确的日期' }),
        expect.objectContaining({ row: 3, field: '工期', message: '工期必须是整数（工作日）' }),
      ]),
    );
    const loop = new ExcelJS.Workbook();
    const loopSheet = loop.addWorksheet('计划');
    loopSheet.addRow(['序号', '任务名称', '工期', '前置任务']);
    loopSheet.addRow([1, '甲', 3, '3']);
    loopSheet.addRow([2, '乙', 3, '1']);
    loopSheet.addRow([3, '丙', 3, '2SS']);
    const cycle = await upload(
      OTHER_COMPANY_PROJECT,
      'loop.xlsx',
      Buffer.from(await loop.xlsx.writeBuffer()),
      who.admin.token,
    );
    expect(cycle.msgCode).toBe(-400);
    expect(cycle.data!.errors![0].message).toBe('前置关系形成循环：“甲” → “乙” → “丙” → “甲”，请删除其中一条关系');
    const text = await upload(OTHER_COMPANY_PROJECT, 'plan.txt', '这不是计划', who.admin.token);
    expect(text).toMatchObject({
      msgCode: -400,
      errMsg: '请上传 Excel（.xlsx）或 MS Project XML（.xml）格式的进度计划',
    });
    // Nothing of it was written.
    expect(essence(await schedule(OTHER_COMPANY_PROJECT, who.admin))).toEqual(essence(before));
  });
});

describe('MS Project XML', () => {
  it('exports the plan as MSPDI and imports it back unchanged', async () => {
    const before = await schedule(PROJECTS.highway.id);
    const xml = (
      await download(`/api/planning/v1.0/export/mspdi?projectId=${PROJECTS.highway.id}`, who.staff.token)
    ).toString('utf8');
    const project = new XMLParser({
      parseTagValue: false,
      isArray: (name) => ['Task', 'PredecessorLink', 'WeekDay'].includes(name),
    }).parse(xml).Project;
    expect(project.Title).toBe(PROJECTS.highway.name);
    expect(project.Tasks.Task).toHaveLength(before.tasks.length + 1);
    const third = project.Tasks.Task[3];
    expect(third).toMatchObject({ UID: '3', ID: '3', WBS: before.tasks[2].wbs, Name: before.tasks[2].name });
    expect(
      project.Tasks.Task.some((task: { PredecessorLink?: unknown[] }) => (task.PredecessorLink ?? []).length > 0),
    ).toBe(true);
    const result = await upload(PROJECTS.highway.id, 'plan.xml', xml);
    expect(result.msgCode, JSON.stringify(result)).toBe(0);
    expect(result.data).toMatchObject({ created: 0, removed: 0 });
    expect(essence(await schedule(PROJECTS.highway.id))).toEqual(essence(before));
  });

  it('carries the calendar: another project takes the same dates from the file', async () => {
    const source = await schedule(PROJECTS.expressway.id);
    const xml = await download(`/api/planning/v1.0/export/mspdi?projectId=${PROJECTS.expressway.id}`, who.staff.token);
    // A fresh project: no settings, so the file's start and calendar (6-day week, holidays as exceptions) come along.
    await t.db
      .insertInto('project')
      .values({
        id: 'project-import',
        office_id: 'office-pd-binjiang',
        name: '导入测试项目',
        engineering_type: '2',
        status: '1',
      })
      .execute();
    const result = await upload('project-import', 'plan.xml', xml, who.admin.token);
    expect(result.msgCode, JSON.stringify(result)).toBe(0);
    expect(result.data).toMatchObject({ created: source.tasks.length, updated: 0 });
    const copy = await schedule('project-import', who.admin);
    expect(copy.calendar.workWeek).toBe('6');
    expect(essence(copy, false)).toEqual(essence(source, false));
  });

  it('refuses a file with a DOCTYPE and one that is no MS Project file', async () => {
    const entity =
      '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaa">]><Project xmlns="http://schemas.microsoft.com/project"></Project>';
    expect(await upload(OTHER_COMPANY_PROJECT, 'x.xml', entity, who.admin.token)).toMatchObject({
      msgCode: -400,
      errMsg: '不支持包含 DOCTYPE 声明的 XML 文件',
    });
    const other = await upload(
      OTHER_COMPANY_PROJECT,
      'x.xml',
      '<?xml version="1.0"?><Tasks><Task/></Tasks>',
      who.admin.token,
    );
    expect(other).toMatchObject({
      msgCode: -400,
      errMsg: '不是 MS Project XML 文件（应以 <Project xmlns="http://schemas.microsoft.com/project"> 为根）',
    });
  });
});

describe('template', () => {
  it('downloads the Excel template with its columns and a 说明 sheet', async () => {
    const file = await download('/api/planning/v1.0/import/template', who.staff.token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['进度计划', '说明']);
    expect(workbook.worksheets[0].getRow(1).getCell(3).value).toBe('任务名称*');
  });
});
