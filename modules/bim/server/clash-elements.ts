/**
 * The elements a clash check compares, read from a model's converted fragments (not from the IFC again): they are
 * what the viewer draws, in the frame it draws them (y-up, the model's own offset applied), under the local ids it
 * highlights, and web-ifc's tessellation of the IFC is already in them, so a check does not parse and tessellate a
 * large IFC a second time. Each element comes with its GlobalId, name, IFC class and storey.
 *
 * The disciplines are data: an IFC class belongs to at most one, and `all` takes every element with geometry.
 */
import { SingleThreadedFragmentsModel, type SpatialTreeItem } from '@thatopen/fragments';
import { boxOf, type ElementMesh, type Vec3 } from './clash-geometry.js';

export const CLASH_DISCIPLINES = {
  structure: {
    label: '结构',
    classes: [
      'IFCWALL',
      'IFCWALLSTANDARDCASE',
      'IFCSLAB',
      'IFCCOLUMN',
      'IFCBEAM',
      'IFCFOOTING',
      'IFCPILE',
      'IFCMEMBER',
      'IFCPLATE',
      'IFCROOF',
      'IFCSTAIR',
      'IFCSTAIRFLIGHT',
      'IFCRAMP',
      'IFCRAMPFLIGHT',
      'IFCREINFORCINGBAR',
      'IFCBUILDINGELEMENTPROXY',
    ],
  },
  mep: {
    label: '机电',
    classes: [
      'IFCDUCTSEGMENT',
      'IFCDUCTFITTING',
      'IFCPIPESEGMENT',
      'IFCPIPEFITTING',
      'IFCCABLECARRIERSEGMENT',
      'IFCCABLECARRIERFITTING',
      'IFCCABLESEGMENT',
      'IFCCABLEFITTING',
      'IFCFLOWSEGMENT',
      'IFCFLOWFITTING',
      'IFCFLOWTERMINAL',
      'IFCAIRTERMINAL',
      'IFCSANITARYTERMINAL',
      'IFCLIGHTFIXTURE',
      'IFCFLOWCONTROLLER',
      'IFCVALVE',
      'IFCDAMPER',
      'IFCFLOWMOVINGDEVICE',
      'IFCPUMP',
      'IFCFAN',
      'IFCENERGYCONVERSIONDEVICE',
      'IFCDISTRIBUTIONCONTROLELEMENT',
      'IFCFIRESUPPRESSIONTERMINAL',
    ],
  },
  architecture: {
    label: '建筑',
    classes: ['IFCDOOR', 'IFCWINDOW', 'IFCCOVERING', 'IFCCURTAINWALL', 'IFCRAILING', 'IFCFURNISHINGELEMENT'],
  },
  all: { label: '全部构件', classes: [] },
} as const satisfies Record<string, { label: string; classes: readonly string[] }>;

export type Discipline = keyof typeof CLASH_DISCIPLINES;
export const CLASH_DISCIPLINE_KEYS = Object.keys(CLASH_DISCIPLINES) as Discipline[];

const disciplineOf = new Map<string, Discipline>(
  CLASH_DISCIPLINE_KEYS.flatMap((key) => CLASH_DISCIPLINES[key].classes.map((ifcClass) => [ifcClass, key] as const)),
);

export function inDiscipline(ifcClass: string, discipline: Discipline): boolean {
  return discipline === 'all' || disciplineOf.get(ifcClass) === discipline;
}

export interface ClashElement {
  localId: number;
  guid: string;
  name: string;
  ifcClass: string;
  storey: string;
  mesh: ElementMesh;
}

/** The storey (its name) of every element under one in the spatial tree. */
function storeysOf(model: SingleThreadedFragmentsModel): Map<number, string> {
  const storeyIds: number[] = [];
  const members = new Map<number, number>();
  const walk = (node: SpatialTreeItem, category: string | null, storey: number | undefined) => {
    let here = storey;
    if (node.localId !== null && category === 'IFCBUILDINGSTOREY') {
      here = node.localId;
      storeyIds.push(here);
    } else if (node.localId !== null && here !== undefined) members.set(node.localId, here);
    for (const child of node.children ?? []) walk(child, node.category ?? category, here);
  };
  walk(model.getSpatialStructure() as SpatialTreeItem, null, undefined);
  const names = new Map<number, string>();
  model
    .getItemsData(storeyIds, {
      attributesDefault: false,
      attributes: ['Name'],
      relationsDefault: { attributes: false, relations: false },
    })
    .forEach((data, index) => {
      const name = (data as { Name?: { value?: unknown } }).Name?.value;
      names.set(storeyIds[index]!, typeof name === 'string' ? name : '');
    });
  return new Map([...members].map(([id, storey]) => [id, names.get(storey) ?? '']));
}

const value = (data: unknown, key: string): string => {
  const raw = (data as Record<string, { value?: unknown } | undefined>)[key]?.value;
  return typeof raw === 'string' ? raw : '';
};

/** How many elements are read at once: bounds the memory fragments takes for one call. */
const BATCH = 500;

/**
 * The elements of `disciplines` (each element once) of converted fragments, with their triangles moved by `shift`
 * (a second model's offset to the first one's frame). `onProgress` hears 0..1 as they are read.
 */
export function readElements(
  fragments: Uint8Array,
  disciplines: readonly Discipline[],
  shift: Vec3 = [0, 0, 0],
  onProgress: (share: number) => void = () => undefined,
): ClashElement[] {
  const model = new SingleThreadedFragmentsModel('clash', fragments);
  try {
    const ids = model.getItemsIdsWithGeometry();
    const storeys = storeysOf(model);
    const elements: ClashElement[] = [];
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      const data = model.getItemsData(batch, {
        attributesDefault: false,
        attributes: ['Name'],
        relationsDefault: { attributes: false, relations: false },
      });
      const wanted = batch.flatMap((localId, index) => {
        const ifcClass = value(data[index], '_category');
        return disciplines.some((discipline) => inDiscipline(ifcClass, discipline))
          ? [{ localId, ifcClass, guid: value(data[index], '_guid'), name: value(data[index], 'Name') }]
          : [];
      });
      const geometry = model.getItemsGeometry(wanted.map((item) => item.localId));
      wanted.forEach((item, index) => {
        const mesh = worldMesh(geometry[index] ?? [], shift);
        if (mesh)
          elements.push({
            ...item,
            name: item.name || `${item.ifcClass} #${item.localId}`,
            storey: storeys.get(item.localId) ?? '',
            mesh,
          });
      });
      onProgress(Math.min(1, (start + batch.length) / ids.length));
    }
    return elements;
  } finally {
    model.dispose();
  }
}

/** The offset fragments added to a model's coordinates (its first three numbers), to align a second model. */
export function modelOffset(fragments: Uint8Array): Vec3 {
  const model = new SingleThreadedFragmentsModel('offset', fragments);
  try {
    const [x = 0, y = 0, z = 0] = model.getCoordinates();
    return [x, y, z];
  } finally {
    model.dispose();
  }
}

type MeshParts = ReturnType<SingleThreadedFragmentsModel['getItemsGeometry']>[number];

/** An element's meshes (each with its own transform) as one triangle list in the model's frame. */
function worldMesh(parts: MeshParts, shift: Vec3): ElementMesh | null {
  let vertices = 0;
  let triangles = 0;
  for (const part of parts)
    if (part.positions && part.indices) {
      vertices += part.positions.length / 3;
      triangles += part.indices.length / 3;
    }
  if (triangles === 0) return null;
  const positions = new Float64Array(vertices * 3);
  const indices = new Uint32Array(triangles * 3);
  let v = 0;
  let t = 0;
  for (const part of parts) {
    if (!part.positions || !part.indices) continue;
    const m = part.transform.elements;
    const p = part.positions;
    const base = v;
    for (let i = 0; i < p.length; i += 3) {
      const [x, y, z] = [p[i]!, p[i + 1]!, p[i + 2]!];
      positions[v * 3] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]! + shift[0];
      positions[v * 3 + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]! + shift[1];
      positions[v * 3 + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]! + shift[2];
      v++;
    }
    for (const index of part.indices) indices[t++] = base + index;
  }
  return { positions, indices, box: boxOf(positions) };
}
