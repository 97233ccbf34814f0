/**
 * BIM协同 (modules/bim): the generated demo building uploaded by tus (cut halfway and resumed) and converted by the
 * job bim-convert yields the elements and storeys the IFC holds; a file that is no IFC is refused; the demo seed
 * gave every project its converted model; a user sees only models of projects they may see; issues pinned to an
 * element and a viewpoint are created, listed by model, changed and deleted, and go with their model.
 */
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STOREYS, demoElementCounts, demoIfc } from '../../modules/bim/server/demo-ifc.js';
import { addOtherCompany, OTHER, PROJECTS, useLogins, type Caller } from './portal-helpers.js';
import { resumableUploads } from './resumable-upload.js';
import { json, useTestApp } from './test-app.js';

// The demo models are what this file checks: the other files run without them (test-app.ts).
const t = useTestApp({ environment: { PORTAL_MQTT_PORT: 'off', PORTAL_BIM_DEMO_MODELS: 'on' } });
beforeAll(() => addOtherCompany(t.db));
const [manager, staff, outsider] = useLogins(t, 'manager', 'staff', 'other');
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

interface Model {
  id: string;
  projectId: string;
  name: string;
  status: string;
  progress: number;
  elementCount: number;
  storeys: { name: string; elements: number }[];
  categories: Record<string, number>;
  conversionMs: number;
  ifcSchema: string;
  demo: boolean;
  error: string;
}

const { tus, upload } = resumableUploads(() => base);

/** The model once its conversion has ended (ready or failed). */
async function converted(caller: Caller, id: string): Promise<Model> {
  for (let i = 0; i < 1500; i++) {
    const answer = await caller.get<Model>(`/api/bim/v1.0/models/${id}`);
    expect(answer.msgCode, answer.errMsg).toBe(0);
    if (answer.data!.status === 'ready' || answer.data!.status === 'failed') return answer.data!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the conversion did not end');
}

const expectDemoContent = (model: Model) => {
  const counts = demoElementCounts();
  expect(model.categories).toEqual(counts);
  expect(model.elementCount).toBe(Object.values(counts).reduce((sum, n) => sum + n, 0));
  expect(model.storeys.map((storey) => storey.name)).toEqual(DEMO_STOREYS.map((storey) => storey.name));
  expect(model.storeys.map((storey) => storey.elements)).toEqual([14, 14, 15]);
};

describe('BIM models', () => {
  let uploaded: Model;

  it('converts an IFC uploaded by tus into fragments that hold its elements and storeys', async () => {
    const bytes = Buffer.from(await demoIfc('上传测试楼'));
    const id = await upload(manager, bytes, '上传测试楼.ifc');
    const made = await manager.post<Model>('/api/bim/v1.0/models', {
      projectId: PROJECTS.binjiang.id,
      name: '上传测试楼',
      upload: id,
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    expect(made.data).toMatchObject({ status: 'queued', ifcSchema: 'IFC4', name: '上传测试楼' });
    uploaded = await converted(manager, made.data!.id);
    expect(uploaded.status, uploaded.error).toBe('ready');
    expect(uploaded.progress).toBe(100);
    expectDemoContent(uploaded);
    expect(uploaded.conversionMs).toBeGreaterThan(0);

    const fragments = await manager.raw({ method: 'GET', url: `/api/bim/v1.0/models/${uploaded.id}/fragments` });
    expect(fragments.statusCode).toBe(200);
    expect(fragments.headers['content-type']).toBe('application/octet-stream');
    expect(fragments.rawPayload.length).toBeGreaterThan(1000);
  });

  it('refuses a file that is not an IFC, and an upload that is not finished or not the caller’s', async () => {
    const id = await upload(manager, Buffer.from('%PDF-1.7\nnot a model'), '图纸.ifc');
    const refused = await manager.post('/api/bim/v1.0/models', {
      projectId: PROJECTS.binjiang.id,
      name: '图纸',
      upload: id,
    });
    expect(refused).toMatchObject({ msgCode: -400, errMsg: '只能上传 IFC 模型文件（IFC2x3 或 IFC4）' });
    const ifc2 = await upload(manager, Buffer.from("ISO-10303-21;\nHEADER;FILE_SCHEMA(('IFC4X3'));ENDSEC;"), 'x.ifc');
    const schema = await manager.post('/api/bim/v1.0/models', {
      projectId: PROJECTS.binjiang.id,
      name: 'x',
      upload: ifc2,
    });
    expect(schema).toMatchObject({ msgCode: -400, errMsg: '只支持 IFC2x3 与 IFC4 模型' });
    const missing = await manager.post('/api/bim/v1.0/models', {
      projectId: PROJECTS.binjiang.id,
      name: '无文件',
      upload: 'upload-00000000000000000000000000000000',
    });
    expect(missing).toMatchObject({ msgCode: -400, errMsg: '模型文件尚未上传完成，请重新上传' });
    const empty = await manager.post('/api/bim/v1.0/models', {
      projectId: PROJECTS.binjiang.id,
      name: '',
      upload: 'x',
    });
    expect(empty).toMatchObject({ msgCode: -400, errMsg: '请输入模型名称' });
  });

  it('gave every demo project its converted demo building', async () => {
    for (const project of Object.values(PROJECTS)) {
      const list = await manager.get<Model[]>('/api/bim/v1.0/models', { projectId: project.id });
      expect(list.msgCode, list.errMsg).toBe(0);
      const demo = list.data!.find((model) => model.demo);
      expect(demo, project.id).toBeDefined();
      expectDemoContent(await converted(manager, demo!.id));
    }
  });

  it('shows a model only to users who see its project', async () => {
    const list = await outsider.get<Model[]>('/api/bim/v1.0/models', { projectId: PROJECTS.binjiang.id });
    expect(list.msgCode).toBe(-403);
    const one = await outsider.get(`/api/bim/v1.0/models/${uploaded.id}`);
    expect(one.msgCode).toBe(-404);
    const bytes = await outsider.raw({ method: 'GET', url: `/api/bim/v1.0/models/${uploaded.id}/fragments` });
    expect(json(bytes).msgCode).toBe(-404);
    const own = await outsider.get<Model[]>('/api/bim/v1.0/models', { projectId: OTHER.projectId });
    expect(own.msgCode, own.errMsg).toBe(0);
    expect(own.data).toEqual([]);
    const seen = await staff.get<Model[]>('/api/bim/v1.0/models', { projectId: PROJECTS.binjiang.id });
    expect(seen.data!.map((model) => model.id)).toContain(uploaded.id);
  });
});

describe('BIM issues', () => {
  it('pins an issue to an element and a viewpoint, lists, changes and deletes it; a model takes its issues along', async () => {
    const list = await manager.get<Model[]>('/api/bim/v1.0/models', { projectId: PROJECTS.binjiang.id });
    const model = list.data!.find((row) => row.name === '上传测试楼')!;
    const viewpoint = JSON.stringify({ position: [30, -20, 25], target: [9, 6, 4] });
    const made = await manager.post<Record<string, unknown> & { id: string; version: number }>('/api/data/bim-issue', {
      projectId: PROJECTS.binjiang.id,
      modelId: model.id,
      title: '风管穿梁',
      description: '一层风管与梁冲突，需调整标高',
      assigneeId: 'user-staff',
      status: 'open',
      elementGuid: '0123456789ABCDEFabcdef',
      elementName: '风管 1F-D1',
      viewpoint,
      screenshot: 'data:image/jpeg;base64,/9j/4AAQ',
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    expect(made.data).toMatchObject({ title: '风管穿梁', viewpoint, elementName: '风管 1F-D1' });

    const listed = await staff.get<{ dataList: Record<string, unknown>[] }>('/api/data/bim-issue', {
      projectId: PROJECTS.binjiang.id,
      modelId: model.id,
    });
    expect(listed.data!.dataList.map((row) => row.title)).toEqual(['风管穿梁']);
    expect(listed.data!.dataList[0]!.assigneeIdLabel).toBeTruthy();

    const changed = await manager.raw({
      method: 'PUT',
      url: `/api/data/bim-issue/${made.data!.id}`,
      payload: { ...made.data!, status: 'resolved' },
    });
    expect(json(changed).msgCode, json(changed).errMsg).toBe(0);
    expect((json(changed).data as { status: string }).status).toBe('resolved');

    const bad = await manager.post('/api/data/bim-issue', {
      projectId: PROJECTS.binjiang.id,
      modelId: model.id,
      status: 'open',
    });
    expect(bad).toMatchObject({ msgCode: -400, errMsg: '请输入问题标题' });
    const badShot = await manager.post('/api/data/bim-issue', {
      projectId: PROJECTS.binjiang.id,
      modelId: model.id,
      title: 'x',
      status: 'open',
      screenshot: 'javascript:alert(1)',
    });
    expect(badShot).toMatchObject({ msgCode: -400, errMsg: '截图格式不正确' });
    const hidden = await outsider.get(`/api/data/bim-issue/${made.data!.id}`);
    expect(hidden.msgCode).toBe(-404);

    const removed = await manager.raw({ method: 'DELETE', url: `/api/bim/v1.0/models/${model.id}` });
    expect(json(removed).msgCode, json(removed).errMsg).toBe(0);
    const gone = await manager.get(`/api/data/bim-issue/${made.data!.id}`);
    expect(gone.msgCode).toBe(-404);
    expect((await manager.get(`/api/bim/v1.0/models/${model.id}`)).msgCode).toBe(-404);
  });
});
