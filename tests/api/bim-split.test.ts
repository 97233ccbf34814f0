/**
 * 拆分模型 (modules/bim, split-*.ts): the demo building uploaded and split by storey and by discipline; each part,
 * downloaded under its Chinese name and read again by web-ifc, is a whole IFC of the source's schema (project,
 * site, building, its storeys; its elements with their property sets and colours; every reference resolved) with
 * exactly its storey's or discipline's elements, and the parts together are the building, element for element by
 * GlobalId; a part converts for the viewer; a user of another company reaches none of it; a split goes with its
 * parts and a model with its splits. And IFC2x3: the same building written as IFC2x3 converts with the elements and
 * storeys of the file, and splits into IFC2x3 parts. And a richer IFC than the demo's (openings, a door, a type and
 * its material, a shared material, an assembly, a duct's port, a layer) split as the rules say.
 */
import type { AddressInfo } from 'node:net';
import { IFCBUILDING, IFCBUILDINGSTOREY, IFCELEMENT, IFCPROJECT, IFCSITE, IfcAPI } from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_STOREYS,
  demoElementCounts,
  demoElements,
  demoIfc,
  type DemoSchema,
  webIfcDir,
} from '../../modules/bim/server/demo-ifc.js';
import { splitIfc } from '../../modules/bim/server/split-ifc.js';
import { addOtherCompany, PROJECTS, useLogins, type Caller } from './portal-helpers.js';
import { resumableUploads } from './resumable-upload.js';
import { json, useTestApp } from './test-app.js';

// Without the demo building of every project: this file uploads the models it splits.
const t = useTestApp({ environment: { PORTAL_MQTT_PORT: 'off', PORTAL_BIM_DEMO_MODELS: 'off' } });
beforeAll(() => addOtherCompany(t.db));
const [manager, outsider] = useLogins(t, 'manager', 'other');
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
const { upload } = resumableUploads(() => base);

const web = new IfcAPI();
beforeAll(async () => {
  web.SetWasmPath(`${webIfcDir()}/`, true);
  await web.Init(undefined, true);
});
afterAll(() => web.Dispose());

interface Model {
  id: string;
  name: string;
  status: string;
  error: string;
  ifcSchema: string;
  elementCount: number;
  storeys: { name: string; elements: number }[];
  categories: Record<string, number>;
}

interface Part {
  id: string;
  label: string;
  name: string;
  fileName: string;
  elements: number;
  ifcSize: number;
  status: string;
}

interface Split {
  id: string;
  modelId: string;
  mode: string;
  status: string;
  progress: number;
  error: string;
  parts: Part[];
}

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 1500; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what} did not end`);
};

const model = (caller: Caller, id: string) =>
  until(
    async () => (await caller.get<Model>(`/api/bim/v1.0/models/${id}`)).data!,
    (row) => row.status === 'ready' || row.status === 'failed',
    'the conversion',
  );

const splitDone = (id: string) =>
  until(
    async () => (await manager.get<Split>(`/api/bim/v1.0/splits/${id}`)).data!,
    (row) => row.status === 'done' || row.status === 'failed',
    'the split',
  );

/** Uploads `bytes` as a model of 滨江 and waits for its conversion. */
async function uploaded(bytes: Uint8Array, name: string): Promise<Model> {
  const id = await upload(manager, Buffer.from(bytes), `${name}.ifc`);
  const made = await manager.post<Model>('/api/bim/v1.0/models', { projectId: PROJECTS.binjiang.id, name, upload: id });
  expect(made.msgCode, made.errMsg).toBe(0);
  const row = await model(manager, made.data!.id);
  expect(row.status, row.error).toBe('ready');
  return row;
}

async function split(modelId: string, mode: 'storey' | 'discipline'): Promise<Split> {
  const made = await manager.post<Split>('/api/bim/v1.0/splits', { modelId, mode });
  expect(made.msgCode, made.errMsg).toBe(0);
  expect(made.data).toMatchObject({ status: 'queued', mode, modelId });
  const done = await splitDone(made.data!.id);
  expect(done.status, done.error).toBe('done');
  expect(done.progress).toBe(100);
  return done;
}

interface ReadIfc {
  schema: string;
  elements: Map<string, string>;
  storeys: string[];
  spatial: number;
  styled: number;
  psets: number;
  dangling: string[];
}

/** An IFC as web-ifc reads it: its elements (GlobalId -> Name), storeys, styles, property sets, broken references. */
function readIfc(bytes: Uint8Array): ReadIfc {
  const id = web.OpenModel(bytes);
  try {
    const lines = (type: number) => {
      const ids = web.GetLineIDsWithType(id, type, true);
      return Array.from({ length: ids.size() }, (_, n) => web.GetLine(id, ids.get(n)) as Record<string, unknown>);
    };
    const value = (line: Record<string, unknown>, key: string) => String((line[key] as { value: unknown }).value);
    const text = new TextDecoder().decode(bytes);
    const defined = new Set([...text.matchAll(/^#(\d+)=/gm)].map((match) => match[1]));
    const used = new Set([...text.split('DATA;')[1]!.matchAll(/#(\d+)(?!\d|=)/g)].map((match) => match[1]!));
    return {
      schema: web.GetModelSchema(id),
      elements: new Map(lines(IFCELEMENT).map((line) => [value(line, 'GlobalId'), value(line, 'Name')])),
      storeys: lines(IFCBUILDINGSTOREY).map((line) => value(line, 'Name')),
      spatial: [IFCPROJECT, IFCSITE, IFCBUILDING].filter((type) => lines(type).length === 1).length,
      styled: (text.match(/=IFCSTYLEDITEM\(/g) ?? []).length,
      psets: (text.match(/=IFCRELDEFINESBYPROPERTIES\(/g) ?? []).length,
      dangling: [...used].filter((ref) => !defined.has(ref)),
    };
  } finally {
    web.CloseModel(id);
  }
}

async function downloaded(part: Part): Promise<ReadIfc> {
  const answer = await manager.raw({ method: 'GET', url: `/api/bim/v1.0/parts/${part.id}/ifc` });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/x-step');
  expect(answer.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(part.fileName)}`);
  expect(answer.rawPayload.length).toBe(part.ifcSize);
  return readIfc(new Uint8Array(answer.rawPayload));
}

/** The parts hold `expected` (label -> element names), each a whole file, together the whole building. */
async function expectParts(parts: Part[], whole: ReadIfc, expected: Record<string, string[]>, schema: DemoSchema) {
  expect(parts.map((part) => part.label)).toEqual(Object.keys(expected));
  const union: string[] = [];
  for (const part of parts) {
    const ifc = await downloaded(part);
    expect(ifc.schema, part.label).toBe(schema);
    expect(ifc.dangling, part.label).toEqual([]);
    expect(ifc.spatial, `${part.label}: project, site, building`).toBe(3);
    expect([...ifc.elements.values()].sort(), part.label).toEqual([...expected[part.label]!].sort());
    expect(part.elements).toBe(ifc.elements.size);
    // Each element keeps its colour and its property set.
    expect(ifc.styled, part.label).toBe(ifc.elements.size);
    expect(ifc.psets, part.label).toBe(ifc.elements.size);
    for (const [guid, name] of ifc.elements) expect(whole.elements.get(guid), name).toBe(name);
    union.push(...ifc.elements.keys());
  }
  expect(union.length, 'no element in two parts').toBe(new Set(union).size);
  expect(new Set(union)).toEqual(new Set(whole.elements.keys()));
}

const byStorey = () =>
  Object.fromEntries(
    DEMO_STOREYS.map((storey) => [
      storey.name,
      demoElements()
        .filter((element) => element.storey === storey.name)
        .map((element) => element.name),
    ]),
  );

const byDiscipline = () => {
  const of = (...categories: string[]) =>
    demoElements()
      .filter((element) => categories.includes(element.category))
      .map((element) => element.name);
  return { 结构: of('slab', 'column', 'beam'), 建筑: of('wall'), 机电: of('duct') };
};

describe('拆分模型', () => {
  let source: Model;
  let whole: ReadIfc;
  let storeys: Split;

  beforeAll(async () => {
    const bytes = await demoIfc('拆分测试楼');
    whole = readIfc(bytes);
    source = await uploaded(bytes, '拆分测试楼');
  });

  it('splits by storey into one IFC per storey with exactly its elements; together they are the building', async () => {
    storeys = await split(source.id, 'storey');
    expect(storeys.parts.map((part) => part.name)).toEqual(DEMO_STOREYS.map((s) => `拆分测试楼（${s.name}）`));
    expect(storeys.parts.map((part) => part.elements)).toEqual([14, 14, 15]);
    await expectParts(storeys.parts, whole, byStorey(), 'IFC4');
    for (const part of storeys.parts) {
      const ifc = await downloaded(part);
      expect(ifc.storeys, 'its own storey only').toEqual([part.label]);
    }
  });

  it('splits by discipline (结构, 建筑, 机电 by IFC class), every part keeping the storeys', async () => {
    const disciplines = await split(source.id, 'discipline');
    await expectParts(disciplines.parts, whole, byDiscipline(), 'IFC4');
    for (const part of disciplines.parts)
      expect((await downloaded(part)).storeys).toEqual(DEMO_STOREYS.map((storey) => storey.name));
    const listed = await manager.get<Split[]>('/api/bim/v1.0/splits', {
      projectId: PROJECTS.binjiang.id,
      modelId: source.id,
    });
    expect(listed.data!.map((row) => row.mode).sort()).toEqual(['discipline', 'storey']);
  });

  it('converts each part for the viewer: the part opens alone with its elements and storey', async () => {
    const first = storeys.parts[0]!;
    const converted = await model(manager, first.id);
    expect(converted.status, converted.error).toBe('ready');
    expect(converted).toMatchObject({ ifcSchema: 'IFC4', elementCount: 14, name: '拆分测试楼（一层）' });
    expect(converted.storeys).toEqual([expect.objectContaining({ name: '一层', elements: 14 })]);
    const fragments = await manager.raw({ method: 'GET', url: `/api/bim/v1.0/models/${first.id}/fragments` });
    expect(fragments.statusCode).toBe(200);
    expect(fragments.rawPayload.length).toBeGreaterThan(1000);
    // The viewer's list offers it beside the whole model.
    const list = await manager.get<Model[]>('/api/bim/v1.0/models', { projectId: PROJECTS.binjiang.id });
    expect(list.data!.map((row) => row.id)).toEqual(expect.arrayContaining([source.id, first.id]));
    // The models a split can start from: the whole one, not its parts.
    const sources = await manager.get<{ id: string }[]>('/api/bim/v1.0/splits/sources', {
      projectId: PROJECTS.binjiang.id,
    });
    expect(sources.data!.map((row) => row.id)).toEqual([source.id]);
  });

  it('refuses a second split of the same kind, a split of a part, and a wrong mode', async () => {
    const again = await manager.post('/api/bim/v1.0/splits', { modelId: source.id, mode: 'storey' });
    expect(again).toMatchObject({ msgCode: -409, errMsg: '该模型已按楼层拆分，如需重新拆分请先删除原拆分' });
    const ofPart = await manager.post('/api/bim/v1.0/splits', { modelId: storeys.parts[0]!.id, mode: 'discipline' });
    expect(ofPart).toMatchObject({ msgCode: -400, errMsg: '拆分出的模型不能再拆分，请选择原模型' });
    const mode = await manager.post('/api/bim/v1.0/splits', { modelId: source.id, mode: 'room' });
    expect(mode).toMatchObject({ msgCode: -400, errMsg: '拆分方式只能是按楼层或按专业' });
  });

  it('shows splits and parts only to users who see the project', async () => {
    const list = await outsider.get('/api/bim/v1.0/splits', { projectId: PROJECTS.binjiang.id });
    expect(list.msgCode).toBe(-403);
    const sources = await outsider.get('/api/bim/v1.0/splits/sources', { projectId: PROJECTS.binjiang.id });
    expect(sources.msgCode).toBe(-403);
    expect((await outsider.get(`/api/bim/v1.0/splits/${storeys.id}`)).msgCode).toBe(-404);
    const part = await outsider.raw({ method: 'GET', url: `/api/bim/v1.0/parts/${storeys.parts[0]!.id}/ifc` });
    expect(json(part).msgCode).toBe(-404);
    const made = await outsider.post('/api/bim/v1.0/splits', { modelId: source.id, mode: 'storey' });
    expect(made.msgCode).toBe(-404);
    const removed = await outsider.raw({ method: 'DELETE', url: `/api/bim/v1.0/splits/${storeys.id}` });
    expect(json(removed).msgCode).toBe(-404);
    expect((await manager.get(`/api/bim/v1.0/splits/${storeys.id}`)).msgCode).toBe(0);
  });

  it('deletes a split with its parts; a model takes its splits along', async () => {
    const removed = await manager.raw({ method: 'DELETE', url: `/api/bim/v1.0/splits/${storeys.id}` });
    expect(json(removed).msgCode, json(removed).errMsg).toBe(0);
    expect((await manager.get(`/api/bim/v1.0/splits/${storeys.id}`)).msgCode).toBe(-404);
    for (const part of storeys.parts)
      expect((await manager.get(`/api/bim/v1.0/models/${part.id}`)).msgCode, part.label).toBe(-404);

    const left = (await manager.get<Split[]>('/api/bim/v1.0/splits', { projectId: PROJECTS.binjiang.id })).data!;
    expect(left.map((row) => row.mode)).toEqual(['discipline']);
    const gone = await manager.raw({ method: 'DELETE', url: `/api/bim/v1.0/models/${source.id}` });
    expect(json(gone).msgCode, json(gone).errMsg).toBe(0);
    expect((await manager.get(`/api/bim/v1.0/splits/${left[0]!.id}`)).msgCode).toBe(-404);
    for (const part of left[0]!.parts)
      expect((await manager.get(`/api/bim/v1.0/models/${part.id}`)).msgCode).toBe(-404);
  });
});

describe('IFC2x3', () => {
  it('converts an IFC2x3 model with the elements and storeys of the file, and splits it into IFC2x3 parts', async () => {
    const bytes = await demoIfc('二维三版示例楼', 'IFC2X3');
    expect(new TextDecoder().decode(bytes.subarray(0, 2000))).toContain("FILE_SCHEMA(('IFC2X3'))");
    const whole = readIfc(bytes);
    expect(whole.schema).toBe('IFC2X3');
    const row = await uploaded(bytes, '二维三版示例楼');
    const counts = demoElementCounts('IFC2X3');
    expect(row.ifcSchema).toBe('IFC2X3');
    expect(row.categories).toEqual(counts);
    expect(row.elementCount).toBe(whole.elements.size);
    expect(row.elementCount).toBe(Object.values(counts).reduce((sum, n) => sum + n, 0));
    expect(row.storeys.map((storey) => storey.name)).toEqual(DEMO_STOREYS.map((storey) => storey.name));
    expect(row.storeys.map((storey) => storey.elements)).toEqual([14, 14, 15]);

    const parts = await split(row.id, 'storey');
    await expectParts(parts.parts, whole, byStorey(), 'IFC2X3');
    const disciplines = await split(row.id, 'discipline');
    await expectParts(disciplines.parts, whole, byDiscipline(), 'IFC2X3');
    const part = await model(manager, disciplines.parts[2]!.id);
    expect(part).toMatchObject({ status: 'ready', ifcSchema: 'IFC2X3', categories: { IFCFLOWSEGMENT: 4 } });
  });
});

/**
 * What the demo building does not hold: a wall with an opening, a door filling it, a wall type with its material, a
 * material shared by elements of two storeys, an assembly of two members, a duct with its port and a layer.
 */
const RICH_IFC = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');
FILE_NAME('rich.ifc','2024-01-01T00:00:00',(''),(''),'','','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1=IFCCARTESIANPOINT((0.,0.,0.));
#2=IFCAXIS2PLACEMENT3D(#1,$,$);
#3=IFCGEOMETRICREPRESENTATIONCONTEXT('Model','Model',3,1.E-05,#2,$);
#4=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#5=IFCUNITASSIGNMENT((#4));
#6=IFCPROJECT('0rich000000000000000P1',$,'P',$,$,$,$,(#3),#5);
#7=IFCLOCALPLACEMENT($,#2);
#8=IFCSITE('0rich000000000000000S1',$,'S',$,$,#7,$,$,.ELEMENT.,$,$,$,$,$);
#9=IFCBUILDING('0rich000000000000000B1',$,'B',$,$,#7,$,$,.ELEMENT.,$,$,$);
#10=IFCBUILDINGSTOREY('0rich000000000000000F1',$,'F1',$,$,#7,$,$,.ELEMENT.,0.);
#11=IFCBUILDINGSTOREY('0rich000000000000000F2',$,'F2',$,$,#7,$,$,.ELEMENT.,3.);
#12=IFCRELAGGREGATES('0rich00000000000000RA1',$,$,$,#6,(#8));
#13=IFCRELAGGREGATES('0rich00000000000000RA2',$,$,$,#8,(#9));
#14=IFCRELAGGREGATES('0rich00000000000000RA3',$,$,$,#9,(#10,#11));
#20=IFCCARTESIANPOINT((0.,0.));
#21=IFCAXIS2PLACEMENT2D(#20,$);
#22=IFCRECTANGLEPROFILEDEF(.AREA.,$,#21,1.,1.);
#23=IFCDIRECTION((0.,0.,1.));
#24=IFCEXTRUDEDAREASOLID(#22,#2,#23,1.);
#25=IFCSHAPEREPRESENTATION(#3,'Body','SweptSolid',(#24));
#26=IFCPRODUCTDEFINITIONSHAPE($,$,(#25));
#27=IFCEXTRUDEDAREASOLID(#22,#2,#23,2.);
#28=IFCSHAPEREPRESENTATION(#3,'Body','SweptSolid',(#27));
#29=IFCPRODUCTDEFINITIONSHAPE($,$,(#28));
#30=IFCWALL('0rich0000000000000Wall',$,'Wall',$,$,#7,#26,$,.STANDARD.);
#31=IFCOPENINGELEMENT('0rich0000000000000Open',$,'Opening',$,$,#7,#26,$,.OPENING.);
#32=IFCRELVOIDSELEMENT('0rich00000000000000RV1',$,$,$,#30,#31);
#33=IFCDOOR('0rich0000000000000Door',$,'Door',$,$,#7,#26,$,2.,1.,.DOOR.,.SINGLE_SWING_LEFT.,$);
#34=IFCRELFILLSELEMENT('0rich00000000000000RF1',$,$,$,#31,#33);
#35=IFCWALLTYPE('0rich0000000000WallType',$,'WallType',$,$,$,$,$,$,.STANDARD.);
#36=IFCMATERIAL('Concrete',$,$);
#37=IFCRELASSOCIATESMATERIAL('0rich00000000000000RM1',$,$,$,(#35),#36);
#38=IFCRELDEFINESBYTYPE('0rich00000000000000RT1',$,$,$,(#30),#35);
#39=IFCRELCONTAINEDINSPATIALSTRUCTURE('0rich00000000000000RC1',$,$,$,(#30,#33),#10);
#40=IFCELEMENTASSEMBLY('0rich00000000000000Asm',$,'Assembly',$,$,#7,$,$,$,.TRUSS.);
#41=IFCMEMBER('0rich00000000000Member1',$,'Member 1',$,$,#7,#26,$,.MEMBER.);
#42=IFCMEMBER('0rich00000000000Member2',$,'Member 2',$,$,#7,#26,$,.MEMBER.);
#43=IFCRELAGGREGATES('0rich00000000000000RA4',$,$,$,#40,(#41,#42));
#44=IFCDUCTSEGMENT('0rich0000000000000Duct',$,'Duct',$,$,#7,#29,$,.RIGIDSEGMENT.);
#45=IFCDISTRIBUTIONPORT('0rich0000000000000Port',$,'Port',$,$,#7,$,.SOURCE.,.DUCT.,$);
#46=IFCRELNESTS('0rich00000000000000RN1',$,$,$,#44,(#45));
#47=IFCMATERIAL('Steel',$,$);
#48=IFCRELASSOCIATESMATERIAL('0rich00000000000000RM2',$,$,$,(#30,#44),#47);
#49=IFCPRESENTATIONLAYERASSIGNMENT('Ducts',$,(#28),$);
#50=IFCRELCONTAINEDINSPATIALSTRUCTURE('0rich00000000000000RC2',$,$,$,(#40,#44),#11);
ENDSEC;
END-ISO-10303-21;
`;

describe('the parts of a richer IFC', () => {
  const parts = async (mode: 'storey' | 'discipline') =>
    (await splitIfc(new TextEncoder().encode(RICH_IFC), mode)).parts.map((part) => ({
      label: part.label,
      ifc: readIfc(part.bytes),
      text: new TextDecoder().decode(part.bytes),
    }));

  it('keeps with an element its openings, what fills them, its type and material, its parts and ports', async () => {
    const [first, second, ...rest] = await parts('storey');
    expect(rest).toEqual([]);
    expect(first!.label).toBe('F1');
    expect([...first!.ifc.elements.values()].sort()).toEqual(['Door', 'Opening', 'Wall']);
    expect(first!.text).toMatch(/=IFCRELVOIDSELEMENT\(/);
    expect(first!.text).toMatch(/=IFCRELFILLSELEMENT\(/);
    expect(first!.text).toMatch(/=IFCWALLTYPE\(/);
    expect(first!.text).toContain("IFCMATERIAL('Concrete'");
    // The material shared with the duct of F2 relates the wall alone here.
    expect(first!.text).toMatch(/IFCRELASSOCIATESMATERIAL\('0rich00000000000000RM2',\$,\$,\$,\(#\d+\),#\d+\)/);
    expect(first!.text).not.toMatch(/IFCDUCTSEGMENT|IFCPRESENTATIONLAYERASSIGNMENT|IFCELEMENTASSEMBLY/);

    expect(second!.label).toBe('F2');
    expect([...second!.ifc.elements.values()].sort()).toEqual(['Assembly', 'Duct', 'Member 1', 'Member 2']);
    expect(second!.text).toMatch(/=IFCDISTRIBUTIONPORT\(/);
    expect(second!.text).toMatch(/=IFCRELNESTS\(/);
    expect(second!.text).toContain("IFCPRESENTATIONLAYERASSIGNMENT('Ducts'");
    expect(second!.text).not.toMatch(/IFCWALL|IFCDOOR|IFCOPENINGELEMENT|'Concrete'/);
    for (const part of [first!, second!]) expect(part.ifc.dangling, part.label).toEqual([]);
  });

  it('sends an element’s parts, openings and ports with it to its discipline, the unclassified to 其他', async () => {
    const split = await parts('discipline');
    expect(split.map((part) => [part.label, [...part.ifc.elements.values()].sort()])).toEqual([
      ['建筑', ['Door', 'Opening', 'Wall']],
      ['机电', ['Duct']],
      ['其他', ['Assembly', 'Member 1', 'Member 2']],
    ]);
    expect(split[1]!.text).toMatch(/=IFCDISTRIBUTIONPORT\(/);
    for (const part of split) {
      expect(part.ifc.storeys, part.label).toEqual(['F1', 'F2']);
      expect(part.ifc.dangling, part.label).toEqual([]);
    }
  });
});
