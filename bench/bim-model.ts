/**
 * The bench's large BIM model (issue 28): an IFC4 tower of 100 storeys of 1,000 elements each (100,000 elements),
 * written as STEP text straight to a file. The demo building (modules/bim/server/demo-ifc.ts) goes through web-ifc's
 * writing API, which is a call into WebAssembly per line; for the ~1.5 million lines here the text is written
 * directly (seconds instead of minutes) and the conversion (web-ifc itself) proves it readable.
 *
 * Each storey is a frame on a grid of 11 × 7 columns at 8 m: the columns, the beams between them both ways, a slab
 * panel per bay, the facade walls between the perimeter columns, two partitions per bay, then ducts and pipes bay by
 * bay until the storey holds 1,000 elements. Written as Revit writes such a model: the columns (a loadable family
 * of one size) share their type's geometry through an IfcRepresentationMap and an IfcMappedItem each; walls, slabs,
 * beams, ducts and pipes (system families) carry their own extruded solid with its styled item; every element has
 * its own property set (构件编号, 所属楼层) and its type (IfcRelDefinesByType), and each storey contains its
 * elements (IfcRelContainedInSpatialStructure).
 *
 * The file is written once into the OS temporary directory under a name keyed by the parameters and this file's
 * source, so a rerun of the bench finds it there.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TowerParameters {
  storeys: number;
  elementsPerStorey: number;
  /** Columns along x and along y. */
  columnsX: number;
  columnsY: number;
  /** Bay size, metres. */
  bay: number;
  storeyHeight: number;
}

export const TOWER: TowerParameters = {
  storeys: 100,
  elementsPerStorey: 1000,
  columnsX: 11,
  columnsY: 7,
  bay: 8,
  storeyHeight: 3.6,
};

export interface BenchModel {
  file: string;
  bytes: number;
  elements: number;
  storeys: number;
  /** Elements by IFC class. */
  classes: Record<string, number>;
  /** Milliseconds spent writing it in this run; 0 when the cached file was used. */
  writtenMs: number;
}

type Kind = 'column' | 'beam' | 'slab' | 'wall' | 'duct' | 'pipe';

const CLASS: Record<Kind, { entity: string; type: string; predefined: string }> = {
  column: { entity: 'IFCCOLUMN', type: 'IFCCOLUMNTYPE', predefined: '.COLUMN.' },
  beam: { entity: 'IFCBEAM', type: 'IFCBEAMTYPE', predefined: '.BEAM.' },
  slab: { entity: 'IFCSLAB', type: 'IFCSLABTYPE', predefined: '.FLOOR.' },
  wall: { entity: 'IFCWALL', type: 'IFCWALLTYPE', predefined: '.STANDARD.' },
  duct: { entity: 'IFCDUCTSEGMENT', type: 'IFCDUCTSEGMENTTYPE', predefined: '.RIGIDSEGMENT.' },
  pipe: { entity: 'IFCPIPESEGMENT', type: 'IFCPIPESEGMENTTYPE', predefined: '.RIGIDSEGMENT.' },
};

const NAMES: Record<Kind, { chinese: string; code: string; type: string }> = {
  column: { chinese: '柱', code: 'C', type: '混凝土柱 600×600' },
  beam: { chinese: '梁', code: 'B', type: '混凝土梁 300×600' },
  slab: { chinese: '楼板', code: 'S', type: '楼板 150' },
  wall: { chinese: '墙', code: 'W', type: '墙' },
  duct: { chinese: '风管', code: 'D', type: '矩形风管 600×400' },
  pipe: { chinese: '水管', code: 'P', type: '给水管 DN100' },
};

const COLOURS: Record<Kind, [number, number, number]> = {
  column: [0.55, 0.6, 0.72],
  beam: [0.45, 0.55, 0.75],
  slab: [0.62, 0.64, 0.68],
  wall: [0.85, 0.82, 0.76],
  duct: [0.95, 0.55, 0.2],
  pipe: [0.2, 0.65, 0.35],
};

const SLAB = 0.15;
const COLUMN = 0.6;
const BEAM_WIDTH = 0.3;
const BEAM_DEPTH = 0.6;
const FACADE = 0.25;
const PARTITION = 0.12;

/** One element of a storey: an axis-aligned box from `min` to `max`, metres above the storey's level. */
interface Box {
  kind: Kind;
  code: string;
  min: [number, number, number];
  max: [number, number, number];
}

/** The elements of one storey, in the order they are kept (MEP last: it fills the storey up to its count). */
function storeyBoxes(p: TowerParameters): Box[] {
  const boxes: Box[] = [];
  const counts = new Map<Kind, number>();
  const add = (kind: Kind, min: Box['min'], max: Box['max']) => {
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    boxes.push({ kind, code: `${NAMES[kind].code}${String(n).padStart(4, '0')}`, min, max });
  };
  const { bay, storeyHeight: h } = p;
  const under = h - SLAB;
  const beamBottom = under - BEAM_DEPTH;
  const half = COLUMN / 2;
  for (let i = 0; i < p.columnsX; i++)
    for (let j = 0; j < p.columnsY; j++)
      add('column', [i * bay - half, j * bay - half, 0], [i * bay + half, j * bay + half, under]);
  for (let j = 0; j < p.columnsY; j++)
    for (let i = 0; i + 1 < p.columnsX; i++)
      add(
        'beam',
        [i * bay + half, j * bay - BEAM_WIDTH / 2, beamBottom],
        [(i + 1) * bay - half, j * bay + BEAM_WIDTH / 2, under],
      );
  for (let i = 0; i < p.columnsX; i++)
    for (let j = 0; j + 1 < p.columnsY; j++)
      add(
        'beam',
        [i * bay - BEAM_WIDTH / 2, j * bay + half, beamBottom],
        [i * bay + BEAM_WIDTH / 2, (j + 1) * bay - half, under],
      );
  const bays: [number, number][] = [];
  for (let j = 0; j + 1 < p.columnsY; j++) for (let i = 0; i + 1 < p.columnsX; i++) bays.push([i * bay, j * bay]);
  for (const [x, y] of bays) add('slab', [x, y, under], [x + bay, y + bay, h]);
  // The facade between the perimeter columns' faces, up to the beams.
  const width = (p.columnsX - 1) * bay;
  const depth = (p.columnsY - 1) * bay;
  for (const y of [0, depth])
    for (let i = 0; i + 1 < p.columnsX; i++)
      add('wall', [i * bay + half, y - FACADE / 2, 0], [(i + 1) * bay - half, y + FACADE / 2, beamBottom]);
  for (const x of [0, width])
    for (let j = 0; j + 1 < p.columnsY; j++)
      add('wall', [x - FACADE / 2, j * bay + half, 0], [x + FACADE / 2, (j + 1) * bay - half, beamBottom]);
  // Two partitions per bay, up to the slab: one across its middle, one from its edge to the first.
  for (const [x, y] of bays) {
    add('wall', [x + half, y + bay / 2 - PARTITION / 2, 0], [x + bay - half, y + bay / 2 + PARTITION / 2, under]);
    add(
      'wall',
      [x + bay / 2 - PARTITION / 2, y + half, 0],
      [x + bay / 2 + PARTITION / 2, y + bay / 2 - PARTITION / 2, under],
    );
  }
  // Below the beams: a supply and a return duct along x in 2 m segments, a water pipe along y in two segments.
  const ductTop = beamBottom - 0.1;
  for (const [x, y] of bays) {
    for (const offset of [2, 6])
      for (let k = 0; k < 4; k++)
        add('duct', [x + k * 2, y + offset - 0.3, ductTop - 0.4], [x + (k + 1) * 2, y + offset + 0.3, ductTop]);
    for (let k = 0; k < 2; k++)
      add(
        'pipe',
        [x + 6 - 0.05, y + k * (bay / 2), ductTop - 0.7],
        [x + 6 + 0.05, y + (k + 1) * (bay / 2), ductTop - 0.6],
      );
  }
  if (boxes.length < p.elementsPerStorey)
    throw new Error(`the storey layout holds ${boxes.length} elements, fewer than ${p.elementsPerStorey}`);
  return boxes.slice(0, p.elementsPerStorey);
}

/** A STEP string: quotes doubled, anything beyond ASCII as \X2\ UTF-16 hex \X0\ (ISO 10303-21). */
function text(value: string): string {
  let out = "'";
  let wide = '';
  const flush = () => {
    if (wide) out += `\\X2\\${wide}\\X0\\`;
    wide = '';
  };
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 126 || code < 32) {
      wide += code.toString(16).toUpperCase().padStart(4, '0');
      continue;
    }
    flush();
    const char = value[i]!;
    out += char === "'" ? "''" : char === '\\' ? '\\\\' : char;
  }
  flush();
  return `${out}'`;
}

/** A STEP real: always with its decimal point. */
function real(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  const written = String(rounded);
  return written.includes('.') || written.includes('e') ? written : `${written}.`;
}

const GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** The n-th GlobalId of the file: 22 characters of IFC's base 64, unique by construction. */
function guid(n: number): string {
  let id = '';
  let rest = n;
  for (let i = 0; i < 20; i++) {
    id = GUID_CHARS[rest % 64]! + id;
    rest = Math.floor(rest / 64);
  }
  return `'2B${id}'`;
}

/** Writes the tower to `file`; answers the elements by IFC class. */
function writeTower(file: string, p: TowerParameters): Record<string, number> {
  const fd = openSync(file, 'w');
  let pending: string[] = [];
  let pendingLength = 0;
  const out = (chunk: string) => {
    pending.push(chunk);
    pendingLength += chunk.length;
    if (pendingLength > 1 << 20) flush();
  };
  const flush = () => {
    writeSync(fd, pending.join(''));
    pending = [];
    pendingLength = 0;
  };
  let id = 0;
  let guids = 0;
  const line = (entity: string): string => {
    id++;
    out(`#${id}=${entity};\n`);
    return `#${id}`;
  };
  const g = () => guid(++guids);
  const refs = (items: readonly string[]) => `(${items.join(',')})`;
  const point = (x: number, y: number, z: number) => line(`IFCCARTESIANPOINT((${real(x)},${real(y)},${real(z)}))`);

  try {
    out(
      'ISO-10303-21;\nHEADER;\n' +
        "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');\n" +
        `FILE_NAME(${text('bench-tower.ifc')},'2026-01-01T00:00:00',(${text('智慧工地')}),(${text('智慧工地')}),` +
        "'bench/bim-model.ts','portal bench','');\n" +
        "FILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n",
    );
    const origin = point(0, 0, 0);
    const world = line(`IFCAXIS2PLACEMENT3D(${origin},$,$)`);
    const up = line('IFCDIRECTION((0.,0.,1.))');
    const context = line(`IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,${world},$)`);
    const body = line(`IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,${context},$,.MODEL_VIEW.,$)`);
    const metre = line('IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)');
    const units = line(`IFCUNITASSIGNMENT((${metre}))`);
    const project = line(`IFCPROJECT(${g()},$,${text('智慧工地测试塔楼')},$,$,$,$,(${context}),${units})`);
    const sitePlacement = line(`IFCLOCALPLACEMENT($,${world})`);
    const site = line(`IFCSITE(${g()},$,${text('施工现场')},$,$,${sitePlacement},$,$,.ELEMENT.,$,$,$,$,$)`);
    const buildingPlacement = line(`IFCLOCALPLACEMENT(${sitePlacement},${world})`);
    const building = line(`IFCBUILDING(${g()},$,${text('1号塔楼')},$,$,${buildingPlacement},$,$,.ELEMENT.,$,$,$)`);
    line(`IFCRELAGGREGATES(${g()},$,$,$,${project},(${site}))`);
    line(`IFCRELAGGREGATES(${g()},$,$,$,${site},(${building}))`);

    const styles = {} as Record<Kind, string>;
    for (const kind of Object.keys(COLOURS) as Kind[]) {
      const [r, gr, b] = COLOURS[kind];
      const colour = line(`IFCCOLOURRGB($,${real(r)},${real(gr)},${real(b)})`);
      const shading = line(`IFCSURFACESTYLESHADING(${colour},0.)`);
      styles[kind] = line(`IFCSURFACESTYLE(${text(NAMES[kind].chinese)},.BOTH.,(${shading}))`);
    }

    /** An extruded box of `size` at the placement `position` (its min corner), with its kind's colour. */
    const extrusion = (kind: Kind, size: [number, number, number]) => {
      const [dx, dy, dz] = size;
      const centre = line(`IFCCARTESIANPOINT((${real(dx / 2)},${real(dy / 2)}))`);
      const profilePlacement = line(`IFCAXIS2PLACEMENT2D(${centre},$)`);
      const profile = line(`IFCRECTANGLEPROFILEDEF(.AREA.,$,${profilePlacement},${real(dx)},${real(dy)})`);
      const solid = line(`IFCEXTRUDEDAREASOLID(${profile},${world},${up},${real(dz)})`);
      line(`IFCSTYLEDITEM(${solid},(${styles[kind]}),$)`);
      return line(`IFCSHAPEREPRESENTATION(${body},'Body','SweptSolid',(${solid}))`);
    };

    // The types; the column type holds the columns' one geometry (the boxes of a storey are alike on every storey).
    const boxes = storeyBoxes(p);
    const columnBox = boxes.find((box) => box.kind === 'column')!;
    const columnMap = line(
      `IFCREPRESENTATIONMAP(${world},${extrusion('column', [COLUMN, COLUMN, columnBox.max[2] - columnBox.min[2]])})`,
    );
    const identity = line(`IFCCARTESIANTRANSFORMATIONOPERATOR3D($,$,${origin},1.,$)`);
    const types = {} as Record<Kind, string>;
    for (const kind of Object.keys(CLASS) as Kind[])
      types[kind] = line(
        `${CLASS[kind].type}(${g()},$,${text(NAMES[kind].type)},$,$,$,${kind === 'column' ? `(${columnMap})` : '$'},$,$,${CLASS[kind].predefined})`,
      );

    const classes: Record<string, number> = {};
    const storeys: string[] = [];
    for (let s = 0; s < p.storeys; s++) {
      const level = s * p.storeyHeight;
      const storeyName = `${s + 1}层`;
      const storeyPlacement = line(
        `IFCLOCALPLACEMENT(${buildingPlacement},${line(`IFCAXIS2PLACEMENT3D(${point(0, 0, level)},$,$)`)})`,
      );
      const storey = line(
        `IFCBUILDINGSTOREY(${g()},$,${text(storeyName)},$,$,${storeyPlacement},$,$,.ELEMENT.,${real(level)})`,
      );
      storeys.push(storey);
      const products: string[] = [];
      const byKind = new Map<Kind, string[]>();
      for (const box of boxes) {
        const size: [number, number, number] = [
          box.max[0] - box.min[0],
          box.max[1] - box.min[1],
          box.max[2] - box.min[2],
        ];
        const placement = line(
          `IFCLOCALPLACEMENT(${storeyPlacement},${line(`IFCAXIS2PLACEMENT3D(${point(...box.min)},$,$)`)})`,
        );
        const shape =
          box.kind === 'column'
            ? line(
                `IFCSHAPEREPRESENTATION(${body},'Body','MappedRepresentation',(${line(`IFCMAPPEDITEM(${columnMap},${identity})`)}))`,
              )
            : extrusion(box.kind, size);
        const definition = line(`IFCPRODUCTDEFINITIONSHAPE($,$,(${shape}))`);
        const tag = `${s + 1}F-${box.code}`;
        const { entity, predefined } = CLASS[box.kind];
        const product = line(
          `${entity}(${g()},$,${text(`${NAMES[box.kind].chinese} ${tag}`)},$,${text(NAMES[box.kind].type)},${placement},${definition},${text(tag)},${predefined})`,
        );
        products.push(product);
        const members = byKind.get(box.kind);
        if (members) members.push(product);
        else byKind.set(box.kind, [product]);
        classes[entity] = (classes[entity] ?? 0) + 1;
        const values = [
          line(`IFCPROPERTYSINGLEVALUE(${text('构件编号')},$,IFCLABEL(${text(tag)}),$)`),
          line(`IFCPROPERTYSINGLEVALUE(${text('所属楼层')},$,IFCLABEL(${text(storeyName)}),$)`),
        ];
        const pset = line(`IFCPROPERTYSET(${g()},$,${text('Pset_智慧工地')},$,${refs(values)})`);
        line(`IFCRELDEFINESBYPROPERTIES(${g()},$,$,$,(${product}),${pset})`);
      }
      for (const [kind, members] of byKind) line(`IFCRELDEFINESBYTYPE(${g()},$,$,$,${refs(members)},${types[kind]})`);
      line(`IFCRELCONTAINEDINSPATIALSTRUCTURE(${g()},$,$,$,${refs(products)},${storey})`);
    }
    line(`IFCRELAGGREGATES(${g()},$,$,$,${building},${refs(storeys)})`);
    out('ENDSEC;\nEND-ISO-10303-21;\n');
    flush();
    return classes;
  } finally {
    closeSync(fd);
  }
}

/** The tower as a file, written now or found in the OS temporary directory from an earlier run. */
export function benchModel(p: TowerParameters = TOWER): BenchModel {
  const key = createHash('sha256')
    .update(JSON.stringify(p))
    .update(readFileSync(import.meta.filename))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `portal-bench-tower-${key}.ifc`);
  const classesFile = `${file}.json`;
  const elements = p.storeys * p.elementsPerStorey;
  if (existsSync(file) && existsSync(classesFile)) {
    const classes = JSON.parse(readFileSync(classesFile, 'utf8')) as Record<string, number>;
    return { file, bytes: statSync(file).size, elements, storeys: p.storeys, classes, writtenMs: 0 };
  }
  const started = performance.now();
  // Written beside its final name and renamed, so a run cut off halfway never leaves a truncated model cached.
  const partial = `${file}.${process.pid}.partial`;
  const classes = writeTower(partial, p);
  renameSync(partial, file);
  writeFileSync(classesFile, JSON.stringify(classes));
  return {
    file,
    bytes: statSync(file).size,
    elements,
    storeys: p.storeys,
    classes,
    writtenMs: performance.now() - started,
  };
}
