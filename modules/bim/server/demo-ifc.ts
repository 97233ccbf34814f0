/**
 * The demo building, written as a real IFC4 (or IFC2x3) file with web-ifc's writing API (nothing can be downloaded on a site's
 * intranet, and the tests need a model whose content they know): a three-storey frame of 18 m × 12 m with exterior
 * walls, floor slabs, four interior columns, beams between them and an air duct under each slab, every element an
 * axis-aligned extruded box with a colour and a property set.
 *
 * The clashes are deliberate and listed in DEMO_CLASHES (the clash check and its test read them):
 * - 一层: the duct runs along y = 6 m at the height of the beams and passes through the beams at x = 6 m and 12 m;
 * - 三层: a second duct runs along x = 6 m below the slab and passes through the columns at y = 4 m and 8 m.
 * Everything else touches at most face to face (beams span between column faces, walls meet at their ends).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Handle, IFC2X3, IFC4, IfcAPI, type IfcLineObject } from 'web-ifc';

/** Where web-ifc's WebAssembly files are (its Node build locates them itself only from its own working directory). */
export const webIfcDir = () => path.dirname(createRequire(import.meta.url).resolve('web-ifc'));

export interface DemoStorey {
  name: string;
  elevation: number;
}

export const DEMO_STOREYS: readonly DemoStorey[] = [
  { name: '一层', elevation: 0 },
  { name: '二层', elevation: 3.6 },
  { name: '三层', elevation: 7.2 },
];

const STOREY_HEIGHT = 3.6;
const SLAB = 0.12;
const BEAM_DEPTH = 0.5;
const LENGTH = 18;
const WIDTH = 12;
const WALL = 0.24;
const COLUMN = 0.5;
const COLUMN_GRID: readonly [number, number][] = [
  [6, 4],
  [12, 4],
  [6, 8],
  [12, 8],
];

type Category = 'wall' | 'slab' | 'column' | 'beam' | 'duct';

/** One element: an axis-aligned box from `min` to `max` (metres, building coordinates). */
export interface DemoElement {
  name: string;
  category: Category;
  storey: string;
  min: [number, number, number];
  max: [number, number, number];
}

/** A clash the demo model holds on purpose: the two elements by name (IfcRoot.Name). */
export interface DemoClash {
  a: string;
  b: string;
  note: string;
}

export const DEMO_CLASHES: readonly DemoClash[] = [
  { a: '风管 1F-D1', b: '梁 1F-B1', note: '一层风管在梁高范围内穿过 x=6m 处的梁' },
  { a: '风管 1F-D1', b: '梁 1F-B2', note: '一层风管在梁高范围内穿过 x=12m 处的梁' },
  { a: '风管 3F-D2', b: '柱 3F-C1', note: '三层风管沿 x=6m 穿过 y=4m 处的柱' },
  { a: '风管 3F-D2', b: '柱 3F-C3', note: '三层风管沿 x=6m 穿过 y=8m 处的柱' },
];

/** The schemas the demo building is written in. */
export type DemoSchema = 'IFC4' | 'IFC2X3';

const IFC_CLASS: Record<Category, string> = {
  wall: 'IFCWALL',
  slab: 'IFCSLAB',
  column: 'IFCCOLUMN',
  beam: 'IFCBEAM',
  duct: 'IFCDUCTSEGMENT',
};

const COLOURS: Record<Category, [number, number, number]> = {
  wall: [0.85, 0.82, 0.76],
  slab: [0.62, 0.64, 0.68],
  column: [0.55, 0.6, 0.72],
  beam: [0.45, 0.55, 0.75],
  duct: [0.95, 0.55, 0.2],
};

const CHINESE: Record<Category, string> = { wall: '墙', slab: '楼板', column: '柱', beam: '梁', duct: '风管' };

/** The elements of the demo building, storey by storey. */
export function demoElements(): DemoElement[] {
  const elements: DemoElement[] = [];
  DEMO_STOREYS.forEach((storey, index) => {
    const tag = `${index + 1}F`;
    const z0 = storey.elevation;
    const top = z0 + STOREY_HEIGHT;
    const under = top - SLAB;
    const add = (category: Category, code: string, min: DemoElement['min'], max: DemoElement['max']) =>
      elements.push({ name: `${CHINESE[category]} ${tag}-${code}`, category, storey: storey.name, min, max });
    add('wall', 'W1', [0, 0, z0], [LENGTH, WALL, under]);
    add('wall', 'W2', [0, WIDTH - WALL, z0], [LENGTH, WIDTH, under]);
    add('wall', 'W3', [0, WALL, z0], [WALL, WIDTH - WALL, under]);
    add('wall', 'W4', [LENGTH - WALL, WALL, z0], [LENGTH, WIDTH - WALL, under]);
    add('slab', 'S1', [0, 0, under], [LENGTH, WIDTH, top]);
    COLUMN_GRID.forEach(([x, y], c) =>
      add('column', `C${c + 1}`, [x - COLUMN / 2, y - COLUMN / 2, z0], [x + COLUMN / 2, y + COLUMN / 2, under]),
    );
    const beamBottom = under - BEAM_DEPTH;
    const half = 0.15;
    // Along y between the columns' faces at x = 6 and 12 m (B1, B2), along x at y = 4 and 8 m (B3, B4).
    add('beam', 'B1', [6 - half, 4 + COLUMN / 2, beamBottom], [6 + half, 8 - COLUMN / 2, under]);
    add('beam', 'B2', [12 - half, 4 + COLUMN / 2, beamBottom], [12 + half, 8 - COLUMN / 2, under]);
    add('beam', 'B3', [6 + COLUMN / 2, 4 - half, beamBottom], [12 - COLUMN / 2, 4 + half, under]);
    add('beam', 'B4', [6 + COLUMN / 2, 8 - half, beamBottom], [12 - COLUMN / 2, 8 + half, under]);
    if (index === 0) {
      // Clash on purpose: at beam height, through B1 and B2.
      add('duct', 'D1', [1, 5.8, under - 0.4], [17, 6.2, under - 0.1]);
    } else if (index === 1) {
      // Clear of the beams (their bottom is 0.62 m below the slab's top).
      add('duct', 'D1', [1, 5.8, beamBottom - 0.4], [17, 6.2, beamBottom - 0.1]);
    } else {
      add('duct', 'D1', [1, 5.8, beamBottom - 0.4], [17, 6.2, beamBottom - 0.1]);
      // Clash on purpose: along x = 6 m through the columns C1 (y = 4) and C3 (y = 8).
      // Below D1, so the two ducts cross clear of each other.
      add('duct', 'D2', [5.85, 1, beamBottom - 0.9], [6.15, 11, beamBottom - 0.6]);
    }
  });
  return elements;
}

const GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A stable IFC GlobalId (22 characters of IFC's base 64) from a name: the demo's elements keep their ids. */
export function demoGuid(seed: string): string {
  const bytes = createHash('sha256').update(seed).digest();
  let id = GUID_CHARS[bytes[0]! % 4]!;
  for (let i = 1; i < 22; i++) id += GUID_CHARS[bytes[i]! % 64]!;
  return id;
}

/**
 * The demo building as IFC4 bytes, or IFC2x3 with `schema`; `title` names the project (IfcProject.Name). The lines
 * are IFC4 objects either way: web-ifc writes each by the model's schema from the attributes both schemas name
 * alike (an IFC4-only attribute, such as a wall's PredefinedType, is left out of IFC2x3). What IFC2x3 needs apart
 * branches on `ifc2x3`: the owner history every rooted entity must have, styles wrapped in a style assignment, the
 * ducts as IfcFlowSegment (IfcDuctSegment is IFC4 only).
 */
export async function demoIfc(title = '智慧工地示例楼', schema: DemoSchema = 'IFC4'): Promise<Uint8Array> {
  const ifc2x3 = schema === 'IFC2X3';
  const api = new IfcAPI();
  api.SetWasmPath(`${webIfcDir()}/`, true);
  await api.Init(undefined, true);
  const model = api.CreateModel({
    schema,
    name: 'demo.ifc',
    authors: ['智慧工地'],
    organizations: ['智慧工地'],
  });
  const write = <T extends IfcLineObject>(line: T): T => {
    api.WriteLine(model, line);
    return line;
  };
  const label = (text: string) => new IFC4.IfcLabel(text);
  const length = (value: number) => new IFC4.IfcLengthMeasure(value);
  const positive = (value: number) => new IFC4.IfcPositiveLengthMeasure(value);
  const guid = (seed: string) => new IFC4.IfcGloballyUniqueId(demoGuid(`${title}/${seed}`));
  const point = (x: number, y: number, z: number) =>
    write(new IFC4.IfcCartesianPoint([length(x), length(y), length(z)]));
  const axes = (x: number, y: number, z: number) => write(new IFC4.IfcAxis2Placement3D(point(x, y, z), null, null));
  const up = write(new IFC4.IfcDirection([new IFC4.IfcReal(0), new IFC4.IfcReal(0), new IFC4.IfcReal(1)]));
  const owner = ifc2x3 ? ownerHistory2x3(write) : null;

  const context = write(
    new IFC4.IfcGeometricRepresentationContext(
      label('Model'),
      label('Model'),
      new IFC4.IfcDimensionCount(3),
      new IFC4.IfcReal(1e-5),
      axes(0, 0, 0),
      null,
    ),
  );
  const metre = write(new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.LENGTHUNIT, null, IFC4.IfcSIUnitName.METRE));
  const units = write(new IFC4.IfcUnitAssignment([metre]));
  const project = write(
    new IFC4.IfcProject(guid('project'), owner, label(title), null, null, null, null, [context], units),
  );

  const sitePlacement = write(new IFC4.IfcLocalPlacement(null, axes(0, 0, 0)));
  const site = write(
    new IFC4.IfcSite(
      guid('site'),
      owner,
      label('施工现场'),
      null,
      null,
      sitePlacement,
      null,
      null,
      IFC4.IfcElementCompositionEnum.ELEMENT,
      null,
      null,
      null,
      null,
      null,
    ),
  );
  const buildingPlacement = write(new IFC4.IfcLocalPlacement(sitePlacement, axes(0, 0, 0)));
  const building = write(
    new IFC4.IfcBuilding(
      guid('building'),
      owner,
      label('1号楼'),
      null,
      null,
      buildingPlacement,
      null,
      null,
      IFC4.IfcElementCompositionEnum.ELEMENT,
      null,
      null,
      null,
    ),
  );
  write(new IFC4.IfcRelAggregates(guid('rel-project'), owner, null, null, project, [site]));
  write(new IFC4.IfcRelAggregates(guid('rel-site'), owner, null, null, site, [building]));

  const styles = new Map<Category, IFC4.IfcSurfaceStyle>();
  const styleOf = (category: Category) => {
    let style = styles.get(category);
    if (!style) {
      const [r, g, b] = COLOURS[category];
      const ratio = (value: number) => new IFC4.IfcNormalisedRatioMeasure(value);
      const colour = write(new IFC4.IfcColourRgb(null, ratio(r), ratio(g), ratio(b)));
      const shading = write(new IFC4.IfcSurfaceStyleShading(colour, ratio(0)));
      style = write(new IFC4.IfcSurfaceStyle(label(CHINESE[category]), IFC4.IfcSurfaceSide.BOTH, [shading]));
      styles.set(category, style);
    }
    return style;
  };

  const storeys = new Map<string, { line: IFC4.IfcBuildingStorey; placement: IFC4.IfcLocalPlacement; z: number }>();
  for (const storey of DEMO_STOREYS) {
    const placement = write(new IFC4.IfcLocalPlacement(buildingPlacement, axes(0, 0, storey.elevation)));
    const line = write(
      new IFC4.IfcBuildingStorey(
        guid(`storey/${storey.name}`),
        owner,
        label(storey.name),
        null,
        null,
        placement,
        null,
        null,
        IFC4.IfcElementCompositionEnum.ELEMENT,
        length(storey.elevation),
      ),
    );
    storeys.set(storey.name, { line, placement, z: storey.elevation });
  }
  write(
    new IFC4.IfcRelAggregates(
      guid('rel-building'),
      owner,
      null,
      null,
      building,
      [...storeys.values()].map((s) => s.line),
    ),
  );

  const contained = new Map<string, IfcLineObject[]>();
  for (const element of demoElements()) {
    const storey = storeys.get(element.storey)!;
    const [x0, y0, z0] = element.min;
    const [x1, y1, z1] = element.max;
    const dx = x1 - x0;
    const dy = y1 - y0;
    const dz = z1 - z0;
    const profile = write(
      new IFC4.IfcRectangleProfileDef(
        IFC4.IfcProfileTypeEnum.AREA,
        null,
        write(new IFC4.IfcAxis2Placement2D(write(new IFC4.IfcCartesianPoint([length(dx / 2), length(dy / 2)])), null)),
        positive(dx),
        positive(dy),
      ),
    );
    const solid = write(new IFC4.IfcExtrudedAreaSolid(profile, axes(0, 0, 0), up, positive(dz)));
    const style = styleOf(element.category);
    write(
      new IFC4.IfcStyledItem(solid, [ifc2x3 ? write(new IFC4.IfcPresentationStyleAssignment([style])) : style], null),
    );
    const shape = write(new IFC4.IfcShapeRepresentation(context, label('Body'), label('SweptSolid'), [solid]));
    const representation = write(new IFC4.IfcProductDefinitionShape(null, null, [shape]));
    const placement = write(new IFC4.IfcLocalPlacement(storey.placement, axes(x0, y0, z0 - storey.z)));
    const args = [
      guid(element.name),
      owner,
      label(element.name),
      null,
      null,
      placement,
      representation,
      label(element.name.split(' ')[1]!),
    ] as const;
    const product = write(
      element.category === 'wall'
        ? new IFC4.IfcWall(...args, IFC4.IfcWallTypeEnum.STANDARD)
        : element.category === 'slab'
          ? new IFC4.IfcSlab(...args, IFC4.IfcSlabTypeEnum.FLOOR)
          : element.category === 'column'
            ? new IFC4.IfcColumn(...args, IFC4.IfcColumnTypeEnum.COLUMN)
            : element.category === 'beam'
              ? new IFC4.IfcBeam(...args, IFC4.IfcBeamTypeEnum.BEAM)
              : ifc2x3
                ? new IFC4.IfcFlowSegment(...args)
                : new IFC4.IfcDuctSegment(...args, IFC4.IfcDuctSegmentTypeEnum.RIGIDSEGMENT),
    );
    const props = [
      write(
        new IFC4.IfcPropertySingleValue(
          new IFC4.IfcIdentifier('构件编号'),
          null,
          label(element.name.split(' ')[1]!),
          null,
        ),
      ),
      write(
        new IFC4.IfcPropertySingleValue(
          new IFC4.IfcIdentifier('尺寸'),
          null,
          label(`${dx.toFixed(2)} × ${dy.toFixed(2)} × ${dz.toFixed(2)} m`),
          null,
        ),
      ),
      write(new IFC4.IfcPropertySingleValue(new IFC4.IfcIdentifier('所属楼层'), null, label(element.storey), null)),
    ];
    const pset = write(
      new IFC4.IfcPropertySet(guid(`pset/${element.name}`), owner, label('Pset_智慧工地'), null, props),
    );
    write(new IFC4.IfcRelDefinesByProperties(guid(`rel-pset/${element.name}`), owner, null, null, [product], pset));
    contained.set(element.storey, [...(contained.get(element.storey) ?? []), product]);
  }
  for (const [name, products] of contained)
    write(
      new IFC4.IfcRelContainedInSpatialStructure(
        guid(`rel-contained/${name}`),
        owner,
        null,
        null,
        products as IFC4.IfcProduct[],
        storeys.get(name)!.line,
      ),
    );
  const bytes = api.SaveModel(model);
  api.CloseModel(model);
  api.Dispose();
  return bytes;
}

/** IFC2x3's owner history (mandatory there, so that other tools read the file): the demo's author and application. */
function ownerHistory2x3(write: <T extends IfcLineObject>(line: T) => T): Handle<IFC4.IfcOwnerHistory> {
  const label = (text: string) => new IFC2X3.IfcLabel(text);
  const organisation = write(new IFC2X3.IfcOrganization(null, label('智慧工地'), null, null, null));
  const person = write(new IFC2X3.IfcPerson(null, label('智慧工地'), null, null, null, null, null, null));
  const user = write(new IFC2X3.IfcPersonAndOrganization(person, organisation, null));
  const application = write(
    new IFC2X3.IfcApplication(organisation, label('1.0'), label('智慧工地'), new IFC2X3.IfcIdentifier('zhgd')),
  );
  const history = write(
    new IFC2X3.IfcOwnerHistory(
      user,
      application,
      null,
      IFC2X3.IfcChangeActionEnum.ADDED,
      null,
      null,
      null,
      new IFC2X3.IfcTimeStamp(Math.floor(Date.UTC(2024, 0, 1) / 1000)),
    ),
  );
  return new Handle<IFC4.IfcOwnerHistory>(history.expressID);
}

/** The element classes of the demo model (IFC entity names) and how many of each. */
export function demoElementCounts(schema: DemoSchema = 'IFC4'): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const element of demoElements()) {
    const name = schema === 'IFC2X3' && element.category === 'duct' ? 'IFCFLOWSEGMENT' : IFC_CLASS[element.category];
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}
