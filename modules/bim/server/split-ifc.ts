/**
 * 拆分模型: one IFC split into smaller IFC files of the same schema (IFC2x3 or IFC4), one per storey or one per
 * discipline, each a whole file other IFC tools open on its own. web-ifc reads the source; every element goes to
 * exactly one part, and a part is written from its elements by following what they reference:
 *
 * - the elements of the part, with what belongs to them wherever they are (the parts of an aggregate, the openings
 *   of a wall, the ports of a duct: IfcRelAggregates, IfcRelNests, IfcRelVoidsElement, ... below as DECOMPOSITION);
 * - the spatial structure above them (project, site, building, the storeys; by discipline every storey);
 * - every entity those reference (placements, representations, geometry, contexts, units, owner history);
 * - the relationships whose objects are kept: a list of related objects is trimmed to the kept ones (the
 *   containment of a storey lists only the part's elements), a relationship naming an object the part leaves out is
 *   left out; a definition (IfcRelDefinesByProperties, ...ByType, IfcRelAssociatesMaterial, ...) brings its
 *   property set, type or material along;
 * - the resources that point at kept items without being pointed at (ATTACHED: IfcStyledItem, layers, material
 *   representations), so colours and materials stay.
 *
 * Lines are copied as web-ifc reads them and numbered again from #1 in their order in the source, so a part reads as
 * the source did. An element is never pulled into a part by a reference: a line that names an element of another
 * part loses that reference (a list drops it, a single attribute becomes $).
 */
import {
  Handle,
  IFCBUILDINGSTOREY,
  IFCELEMENT,
  IFCOBJECTDEFINITION,
  IFCPRODUCT,
  IFCPROJECT,
  IFCPROPERTYDEFINITION,
  IFCRELATIONSHIP,
  IFCSPACE,
  IFCSPATIALSTRUCTUREELEMENT,
  IfcAPI,
  type IfcLineObject,
} from 'web-ifc';
import { webIfcDir } from './demo-ifc.js';

export type SplitMode = 'storey' | 'discipline';

export const SPLIT_MODES: Record<SplitMode, string> = { storey: '按楼层', discipline: '按专业' };

/**
 * The disciplines by IFC class, subclasses included (IFCDISTRIBUTIONELEMENT covers IFC4's ducts, pipes and
 * terminals and IFC2x3's IfcFlowSegment and the like). The class alone decides: a wall is 建筑 even when it bears
 * load, a slab is 结构. An element of none of these classes goes to 其他; a part of an aggregate, an opening or a port
 * goes with its whole.
 */
export const DISCIPLINES: readonly { key: string; label: string; classes: readonly string[] }[] = [
  {
    key: 'structure',
    label: '结构',
    classes: [
      'IFCBEAM',
      'IFCCOLUMN',
      'IFCSLAB',
      'IFCMEMBER',
      'IFCPLATE',
      'IFCFOOTING',
      'IFCPILE',
      'IFCREINFORCINGELEMENT',
      'IFCTENDON',
    ],
  },
  {
    key: 'architecture',
    label: '建筑',
    classes: [
      'IFCWALL',
      'IFCCURTAINWALL',
      'IFCDOOR',
      'IFCWINDOW',
      'IFCROOF',
      'IFCSTAIR',
      'IFCSTAIRFLIGHT',
      'IFCRAMP',
      'IFCRAMPFLIGHT',
      'IFCRAILING',
      'IFCCOVERING',
      'IFCCHIMNEY',
      'IFCSHADINGDEVICE',
      'IFCSPACE',
      'IFCFURNISHINGELEMENT',
    ],
  },
  { key: 'mep', label: '机电', classes: ['IFCDISTRIBUTIONELEMENT', 'IFCDISTRIBUTIONPORT'] },
];
const OTHER_DISCIPLINE = { key: 'other', label: '其他' };
const NO_STOREY = { key: 'no-storey', label: '未分层' };

/** Relationships whose parts go with their whole: [class, the whole's attribute, the parts' attribute]. */
const DECOMPOSITION: readonly [string, string, string][] = [
  ['IFCRELAGGREGATES', 'RelatingObject', 'RelatedObjects'],
  ['IFCRELNESTS', 'RelatingObject', 'RelatedObjects'],
  ['IFCRELVOIDSELEMENT', 'RelatingBuildingElement', 'RelatedOpeningElement'],
  ['IFCRELPROJECTSELEMENT', 'RelatingElement', 'RelatedFeatureElement'],
  ['IFCRELCONNECTSPORTTOELEMENT', 'RelatedElement', 'RelatingPort'],
];

/** Resources kept when the item they point at is kept (nothing points at them): [class, attribute]. */
const ATTACHED: readonly [string, string][] = [
  ['IFCSTYLEDITEM', 'Item'],
  ['IFCPRESENTATIONLAYERASSIGNMENT', 'AssignedItems'],
  ['IFCMATERIALDEFINITIONREPRESENTATION', 'RepresentedMaterial'],
];

/** Relationships that define or classify their related objects: what they relate to comes along with them. */
const DEFINING = /^IFCREL(DEFINES|ASSOCIATES|ASSIGNS)/;

export const SplitMessages = {
  unreadable: '模型文件无法读取，请检查 IFC 文件是否完整',
  empty: '模型中没有可拆分的构件',
} as const;

export interface IfcPart {
  /** The storey's express id in the source, or the discipline's key. */
  key: string;
  label: string;
  bytes: Uint8Array;
  /** IfcElement instances in the part (openings and the parts of aggregates included). */
  elements: number;
}

type Line = IfcLineObject & Record<string, unknown>;

const isHandle = (value: unknown): value is { type: number; value: number } =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 5 &&
  typeof (value as { value?: unknown }).value === 'number';

/** The express ids a line's attribute refers to (a reference, or lists of them; #0 is a derived attribute, `*`). */
function handlesIn(value: unknown, into: number[] = []): number[] {
  if (isHandle(value)) {
    if (value.value > 0) into.push(value.value);
  } else if (Array.isArray(value)) for (const item of value) handlesIn(item, into);
  return into;
}

const DROPPED = Symbol('dropped');

/** An attribute with its references numbered anew; a reference to a line the part leaves out is dropped. */
function renumber(value: unknown, ids: ReadonlyMap<number, number>): unknown {
  if (isHandle(value)) {
    if (value.value <= 0) return value;
    const id = ids.get(value.value);
    return id === undefined ? DROPPED : new Handle(id);
  }
  if (Array.isArray(value)) return value.map((item) => renumber(item, ids)).filter((item) => item !== DROPPED);
  return value;
}

let api: Promise<IfcAPI> | null = null;

/** One web-ifc for the process (its WebAssembly loads once); each split opens and closes its own models. */
function ifcApi(): Promise<IfcAPI> {
  api ??= (async () => {
    const made = new IfcAPI();
    made.SetWasmPath(`${webIfcDir()}/`, true);
    await made.Init(undefined, true);
    return made;
  })();
  return api;
}

/**
 * The parts of an IFC by storey (in the order of their elevations) or by discipline (in DISCIPLINES' order, then
 * 其他); a storey or discipline without elements makes no part, elements of no storey make the part 未分层.
 * `onProgress` hears 0..1. Throws SplitMessages.unreadable for a file web-ifc cannot read.
 */
export async function splitIfc(
  bytes: Uint8Array,
  mode: SplitMode,
  onProgress: (share: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<{ schema: string; parts: IfcPart[] }> {
  const web = await ifcApi();
  const source = web.OpenModel(bytes);
  if (source < 0) throw new Error(SplitMessages.unreadable);
  try {
    const schema = web.GetModelSchema(source);
    const index = new SourceIndex(web, source);
    onProgress(0.1);
    const plan = mode === 'storey' ? index.byStorey() : index.byDiscipline();
    const parts: IfcPart[] = [];
    for (const [n, part] of plan.entries()) {
      signal?.throwIfAborted();
      const kept = index.closure(part.items, part.structure);
      parts.push({
        key: part.key,
        label: part.label,
        bytes: index.write(kept, schema, part.label),
        elements: [...kept].filter((id) => index.elements.has(id)).length,
      });
      onProgress(0.1 + (0.9 * (n + 1)) / plan.length);
    }
    return { schema, parts };
  } finally {
    web.CloseModel(source);
  }
}

interface PlannedPart {
  key: string;
  label: string;
  items: number[];
  /** Spatial structure kept whether or not an item needs it. */
  structure: number[];
}

/** What the source holds, read once for all its parts. */
class SourceIndex {
  private readonly lines = new Map<number, Line>();
  readonly elements: Set<number>;
  private readonly relationships: Set<number>;
  private readonly rooted: Set<number>;
  private readonly products: Set<number>;
  private readonly spatial: Set<number>;
  private readonly spaces: Set<number>;
  private readonly storeys: number[];
  private readonly projects: number[];
  private readonly attached: { id: number; attribute: string }[] = [];
  /** An element's spatial container, a part's whole, a spatial element's parent (storey of a space, ...). */
  private readonly containerOf = new Map<number, number>();
  private readonly wholeOf = new Map<number, number>();
  private readonly parentOf = new Map<number, number>();

  constructor(
    private readonly web: IfcAPI,
    private readonly model: number,
  ) {
    this.elements = this.ofClass(IFCELEMENT);
    this.rooted = new Set([...this.ofClass(IFCOBJECTDEFINITION), ...this.ofClass(IFCPROPERTYDEFINITION)]);
    this.products = this.ofClass(IFCPRODUCT);
    this.spatial = this.ofClass(IFCSPATIALSTRUCTUREELEMENT);
    this.projects = [...this.ofClass(IFCPROJECT)];
    this.spaces = this.ofClass(IFCSPACE);
    this.relationships = this.ofClass(IFCRELATIONSHIP);
    for (const [name, attribute] of ATTACHED)
      for (const id of this.ofClass(web.GetTypeCodeFromName(name))) this.attached.push({ id, attribute });
    const decomposition = new Map(DECOMPOSITION.map(([name, whole, parts]) => [name, { whole, parts }] as const));
    for (const id of this.relationships) {
      const rel = this.line(id);
      const name = this.className(id);
      if (name === 'IFCRELCONTAINEDINSPATIALSTRUCTURE') {
        const [structure] = handlesIn(rel.RelatingStructure);
        for (const element of handlesIn(rel.RelatedElements))
          if (structure !== undefined) this.containerOf.set(element, structure);
        continue;
      }
      const roles = decomposition.get(name);
      if (!roles) continue;
      const [whole] = handlesIn(rel[roles.whole]);
      if (whole === undefined) continue;
      // Under a spatial element (a storey's spaces, a building's storeys) a part is placed, not owned.
      const placed = this.spatial.has(whole) || this.projects.includes(whole);
      for (const part of handlesIn(rel[roles.parts])) (placed ? this.parentOf : this.wholeOf).set(part, whole);
    }
    const elevation = (id: number) => {
      const value = (this.line(id).Elevation as { value?: unknown } | null)?.value;
      return typeof value === 'number' ? value : Number(value ?? Number.NaN);
    };
    const storeys = [...this.ofClass(IFCBUILDINGSTOREY)];
    // By elevation where every storey states one, else in the file's order.
    this.storeys = storeys.every((id) => Number.isFinite(elevation(id)))
      ? storeys.sort((a, b) => elevation(a) - elevation(b) || a - b)
      : storeys.sort((a, b) => a - b);
  }

  private ofClass(type: number): Set<number> {
    const ids = this.web.GetLineIDsWithType(this.model, type, true);
    const set = new Set<number>();
    for (let i = 0; i < ids.size(); i++) set.add(ids.get(i));
    return set;
  }

  private line(id: number): Line {
    let line = this.lines.get(id);
    if (!line) {
      line = this.web.GetLine(this.model, id) as Line;
      this.lines.set(id, line);
    }
    return line;
  }

  private className(id: number): string {
    return this.web.GetNameFromTypeCode(this.web.GetLineType(this.model, id)).toUpperCase();
  }

  /** What a part can hold: every product but the spatial structure above the spaces (site, building, storey). */
  private items(): number[] {
    return [...this.products].filter((id) => !this.spatial.has(id) || this.spaces.has(id)).sort((a, b) => a - b);
  }

  /** The spatial elements above an item (its container and theirs, up to the project). */
  private above(id: number): number[] {
    const chain: number[] = [];
    let at = this.containerOf.get(id) ?? this.parentOf.get(id);
    while (at !== undefined && chain.length < 64 && !chain.includes(at)) {
      chain.push(at);
      at = this.containerOf.get(at) ?? this.parentOf.get(at);
    }
    return chain;
  }

  /** The outermost whole of an item (itself when it is no part of another). */
  private rootOf(id: number): number {
    let at = id;
    for (let hops = 0; hops < 64 && this.wholeOf.has(at); hops++) at = this.wholeOf.get(at)!;
    return at;
  }

  private storeyOf(id: number): number | undefined {
    const root = this.rootOf(id);
    return [root, ...this.above(root)].find((at) => this.storeys.includes(at));
  }

  private name(id: number, fallback: string): string {
    const value = (this.line(id).Name as { value?: unknown } | null)?.value;
    return typeof value === 'string' && value.trim() ? value.trim() : fallback;
  }

  byStorey(): PlannedPart[] {
    const groups = new Map<number | undefined, number[]>();
    for (const item of this.items()) {
      const storey = this.storeyOf(item);
      const group = groups.get(storey);
      if (group) group.push(item);
      else groups.set(storey, [item]);
    }
    const parts: PlannedPart[] = this.storeys.flatMap((storey, n) => {
      const items = groups.get(storey);
      return items
        ? [{ key: String(storey), label: this.name(storey, `楼层 ${n + 1}`), items, structure: [storey] }]
        : [];
    });
    const loose = groups.get(undefined);
    if (loose) parts.push({ ...NO_STOREY, items: loose, structure: [] });
    return parts;
  }

  byDiscipline(): PlannedPart[] {
    const members = DISCIPLINES.map((discipline) => {
      const ids = new Set<number>();
      for (const name of discipline.classes)
        for (const id of this.ofClass(this.web.GetTypeCodeFromName(name))) ids.add(id);
      return ids;
    });
    const groups = new Map<string, number[]>();
    for (const item of this.items()) {
      const root = this.rootOf(item);
      const key = DISCIPLINES[members.findIndex((ids) => ids.has(root))]?.key ?? OTHER_DISCIPLINE.key;
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    // Every storey in every part: a discipline's file keeps the building's floors.
    const structure = [...this.spatial].filter((id) => !this.spaces.has(id));
    return [...DISCIPLINES, OTHER_DISCIPLINE].flatMap(({ key, label }) => {
      const items = groups.get(key);
      return items ? [{ key, label, items, structure }] : [];
    });
  }

  /** The lines of a part: its items, the structure above them, what they reference and what relates them. */
  closure(items: readonly number[], structure: readonly number[]): Set<number> {
    const kept = new Set<number>();
    const reach = (start: number) => {
      const stack = [start];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (kept.has(id)) continue;
        kept.add(id);
        const line = this.line(id);
        for (const key of Object.keys(line)) {
          if (key === 'expressID' || key === 'type') continue;
          for (const target of handlesIn(line[key]))
            if (!kept.has(target) && !this.products.has(target) && !this.relationships.has(target)) stack.push(target);
        }
      }
    };
    for (const id of [...this.projects, ...structure, ...items, ...items.flatMap((item) => this.above(item))])
      for (const at of [id, ...this.above(id)]) reach(at);

    // Relationships and attached resources, until nothing more comes in: a type brought by IfcRelDefinesByType
    // can bring its own property sets and material.
    const pending = new Set(this.relationships);
    const attached = new Set(this.attached);
    for (let changed = true; changed;) {
      changed = false;
      for (const id of pending) {
        const follow = this.judge(id, kept);
        if (!follow) continue;
        pending.delete(id);
        kept.add(id);
        for (const target of follow) reach(target);
        changed = true;
      }
      for (const entry of attached) {
        if (!handlesIn(this.line(entry.id)[entry.attribute]).some((target) => kept.has(target))) continue;
        attached.delete(entry);
        reach(entry.id);
        changed = true;
      }
    }
    return kept;
  }

  /** Whether a relationship belongs in a part holding `kept`, and then the lines it brings; null when it does not. */
  private judge(id: number, kept: ReadonlySet<number>): number[] | null {
    const rel = this.line(id);
    const defining = DEFINING.test(this.className(id));
    const follow: number[] = [];
    for (const key of Object.keys(rel)) {
      if (key === 'expressID' || key === 'type') continue;
      const targets = handlesIn(rel[key]);
      const related = key.startsWith('Related');
      let keptHere = 0;
      for (const target of targets) {
        if (kept.has(target)) keptHere++;
        else if (!this.rooted.has(target)) follow.push(target);
        else if (related) continue;
        else if (defining && key.startsWith('Relating') && !this.products.has(target)) follow.push(target);
        else return null;
      }
      if (related && targets.length > 0 && keptHere === 0) return null;
    }
    return follow;
  }

  /** The part as IFC bytes: the kept lines in their source order, numbered from #1. */
  write(kept: ReadonlySet<number>, schema: string, label: string): Uint8Array {
    const order = [...kept].sort((a, b) => a - b);
    const ids = new Map(order.map((id, n) => [id, n + 1] as const));
    const target = this.web.CreateModel({
      schema,
      name: `${label}.ifc`,
      description: ['ViewDefinition [CoordinationView]'],
      authors: ['智慧工地'],
      organizations: ['智慧工地'],
    });
    try {
      for (const id of order) {
        const line = this.line(id);
        // A copy keeps the source's line object (with its prototype, which web-ifc's writer reads) for other parts.
        const copy = Object.assign(Object.create(Object.getPrototypeOf(line) as object) as Line, line);
        for (const key of Object.keys(line)) {
          if (key === 'expressID' || key === 'type') continue;
          const value = renumber(line[key], ids);
          copy[key] = value === DROPPED ? null : value;
        }
        copy.expressID = ids.get(id)!;
        this.web.WriteLine(target, copy);
      }
      return this.web.SaveModel(target);
    } finally {
      this.web.CloseModel(target);
    }
  }
}
