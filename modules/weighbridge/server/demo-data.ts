/**
 * The weighbridge module's demo records, made at seeding (seed/module-demo.ts) from fixed seeds, so every seeding
 * makes the same ones: 40 days of weighings at each demo project's weighbridge (deliveries of the materials that
 * site uses, earth and waste hauled out, a few first passes still waiting for the second today), each truck of its
 * kind and axles and within the GB 1589-2016 limit of its axles; a few are off their delivery note beyond the
 * tolerance (磅差超差). Dates are relative (`@day-30`), so the demo always looks current.
 */
import {
  chinaDate,
  seededRandom,
  type DemoApproval,
  type DemoRandom,
  type ModuleSeedFile,
} from '../../../src/server/module-api.js';
import { DEFAULT_FLAG_SETTINGS, GB1589_GROSS_LIMIT, volumeOf, weighingFlags, type WeighingFacts } from './flags.js';

const generator = seededRandom;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Plate letters skip I and O, as the plates do. */
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The declared density (t/m³) of the demo ready-mix, the default of PORTAL_WEIGHBRIDGE_DENSITY. */
const READY_MIX_DENSITY = 2.4;

/** The trucks that come to a site: their axles and an empty truck's weight range (t). */
const VEHICLES = {
  /** 八轮搅拌车 (8×4). */
  mixer: { axles: 4, tare: [14, 15.5] },
  /** 八轮自卸车 (8×4): earth, waste, sand on the city sites. */
  dump: { axles: 4, tare: [12.5, 14.5] },
  /** 六轴半挂车: steel, blocks, aggregate, asphalt. */
  semi: { axles: 6, tare: [15, 17] },
  /** 六轴粉罐半挂车: bulk cement. */
  tanker: { axles: 6, tare: [15, 16.5] },
} as const satisfies Record<string, { axles: number; tare: readonly [number, number] }>;
type VehicleKind = keyof typeof VEHICLES;

interface Material {
  value: string;
  direction: 'in' | 'out';
  /** The truck that carries it, and its payload range in tonnes (within GB 1589 with the heaviest empty truck). */
  vehicle: VehicleKind;
  load: [number, number];
  /** How many of the day's trucks carry it (relative). */
  weight: number;
  suppliers: string[];
  /** Moisture or impurity deduction (sand, gravel), tonnes at most. */
  deduction?: number;
}

interface Site {
  project: string;
  province: string;
  city: string;
  device: string;
  receiver: string;
  dumps: string[];
  materials: Material[];
}

const SITES: Site[] = [
  {
    project: 'project-binjiang',
    province: '浙',
    city: 'A',
    device: 'iot-bj-07',
    receiver: '滨江花园住宅工程项目部',
    dumps: ['杭州市滨江区渣土消纳场', '萧山建筑垃圾资源化利用中心'],
    materials: [
      {
        value: 'ready-mix',
        direction: 'in',
        vehicle: 'mixer',
        load: [12, 15],
        weight: 5,
        suppliers: ['杭州三狮商品混凝土有限公司', '杭州中建商砼有限公司'],
      },
      {
        value: 'rebar',
        direction: 'in',
        vehicle: 'semi',
        load: [26, 31.5],
        weight: 2,
        suppliers: ['杭钢集团物资供应有限公司', '沙钢物贸（杭州）有限公司'],
      },
      {
        value: 'sand',
        direction: 'in',
        vehicle: 'dump',
        load: [14, 16],
        weight: 2,
        suppliers: ['富阳江砂贸易有限公司'],
        deduction: 0.4,
      },
      {
        value: 'block',
        direction: 'in',
        vehicle: 'semi',
        load: [22, 28],
        weight: 1,
        suppliers: ['杭州加气混凝土砌块厂'],
      },
      {
        value: 'cement',
        direction: 'in',
        vehicle: 'tanker',
        load: [30, 32],
        weight: 1,
        suppliers: ['海螺水泥（杭州）销售有限公司'],
      },
      {
        value: 'earthwork',
        direction: 'out',
        vehicle: 'dump',
        load: [14, 16],
        weight: 2,
        suppliers: ['滨江花园住宅工程项目部'],
      },
      {
        value: 'waste',
        direction: 'out',
        vehicle: 'dump',
        load: [10, 15],
        weight: 1,
        suppliers: ['滨江花园住宅工程项目部'],
      },
    ],
  },
  {
    project: 'project-expressway',
    province: '粤',
    city: 'B',
    device: 'iot-ex-02',
    receiver: '城市快速路改造工程1号拌合站',
    dumps: ['深圳市南山区余泥渣土受纳场', '宝安区建筑废弃物综合利用厂'],
    materials: [
      {
        value: 'gravel',
        direction: 'in',
        vehicle: 'semi',
        load: [28, 31.5],
        weight: 5,
        suppliers: ['惠州博罗石场', '东莞樟木头石料有限公司'],
        deduction: 0.3,
      },
      {
        value: 'sand',
        direction: 'in',
        vehicle: 'semi',
        load: [28, 31.5],
        weight: 3,
        suppliers: ['西江砂业（肇庆）有限公司'],
        deduction: 0.5,
      },
      {
        value: 'cement',
        direction: 'in',
        vehicle: 'tanker',
        load: [30, 32],
        weight: 2,
        suppliers: ['华润水泥（深圳）有限公司'],
      },
      {
        value: 'asphalt',
        direction: 'in',
        vehicle: 'semi',
        load: [26, 31],
        weight: 2,
        suppliers: ['深圳路桥沥青拌合厂'],
      },
      {
        value: 'rebar',
        direction: 'in',
        vehicle: 'semi',
        load: [26, 31.5],
        weight: 1,
        suppliers: ['广东韶钢物资有限公司'],
      },
      {
        value: 'earthwork',
        direction: 'out',
        vehicle: 'dump',
        load: [14, 16],
        weight: 3,
        suppliers: ['城市快速路改造工程项目部'],
      },
      {
        value: 'waste',
        direction: 'out',
        vehicle: 'dump',
        load: [10, 15],
        weight: 1,
        suppliers: ['城市快速路改造工程项目部'],
      },
    ],
  },
  {
    project: 'project-highway',
    province: '闽',
    city: 'D',
    device: 'iot-hw-02',
    receiver: '沿海高速公路工程项目部料场',
    dumps: ['集美区弃土场', '厦门市建筑废土处置场'],
    materials: [
      {
        value: 'gravel',
        direction: 'in',
        vehicle: 'semi',
        load: [28, 31.5],
        weight: 4,
        suppliers: ['南安石材矿业有限公司'],
        deduction: 0.3,
      },
      {
        value: 'sand',
        direction: 'in',
        vehicle: 'semi',
        load: [28, 31.5],
        weight: 2,
        suppliers: ['闽江砂石有限公司'],
        deduction: 0.5,
      },
      {
        value: 'ready-mix',
        direction: 'in',
        vehicle: 'mixer',
        load: [12, 15],
        weight: 3,
        suppliers: ['厦门华信商品混凝土有限公司'],
      },
      {
        value: 'rebar',
        direction: 'in',
        vehicle: 'semi',
        load: [26, 31.5],
        weight: 2,
        suppliers: ['三钢闽光物资有限公司'],
      },
      {
        value: 'steel',
        direction: 'in',
        vehicle: 'semi',
        load: [20, 30],
        weight: 1,
        suppliers: ['厦门象屿钢铁有限公司'],
      },
      {
        value: 'cement',
        direction: 'in',
        vehicle: 'tanker',
        load: [30, 32],
        weight: 1,
        suppliers: ['福建水泥股份有限公司'],
      },
      {
        value: 'earthwork',
        direction: 'out',
        vehicle: 'dump',
        load: [14, 16],
        weight: 3,
        suppliers: ['沿海高速公路工程项目部'],
      },
    ],
  },
];

const PHOTOS = ['/app/weighbridge/capture-front.svg', '/app/weighbridge/capture-top.svg'];

function weighings(site: Site, seed: number, today: Date) {
  const random = generator(seed);
  // Whether a delivery's note is off draws from its own generator, so the other values stay as they were.
  const notes = generator(seed + 7919);
  // A fleet that comes back day after day, a few trucks of each kind the site's materials need, each with its own
  // empty weight; a few new-energy trucks (plate letter D/F after the digits).
  const kinds = [...new Set(site.materials.map((material) => material.vehicle))];
  const fleet = Array.from({ length: 36 }, (_, index) => {
    // Most trucks are local; some come from elsewhere in the province.
    const letter = random.next() < 0.6 ? site.city : random.pick(LETTERS.split(''));
    const digits = String(random.int(10000, 99999));
    const plate =
      index % 9 === 4
        ? `${site.province}${letter}${digits}${random.pick(['D', 'F'])}`
        : `${site.province}${letter}${digits}`;
    const kind = kinds[index % kinds.length];
    const [lightest, heaviest] = VEHICLES[kind].tare;
    return { plate, kind, tare: random.between(lightest + 0.1, heaviest - 0.1) };
  });
  const pool = site.materials.flatMap((material) => Array.from({ length: material.weight }, () => material));
  const rows: Record<string, unknown>[] = [];
  let serial = 0;
  for (let ago = 40; ago >= 0; ago -= 1) {
    const trucks = ago === 0 ? 6 : random.int(7, 14);
    let minute = 6 * 60 + random.int(30, 60);
    for (let trip = 0; trip < trucks; trip += 1) {
      serial += 1;
      const material = random.pick(pool);
      const truck = random.pick(fleet.filter((vehicle) => vehicle.kind === material.vehicle));
      const plate = truck.plate;
      const { axles } = VEHICLES[truck.kind];
      // The same truck weighs a little more or less empty from day to day (fuel, the driver, mud).
      const tare = round(truck.tare + random.between(-0.1, 0.1), 2);
      const gross = round(Math.min(tare + random.between(...material.load), GB1589_GROSS_LIMIT[axles]), 2);
      const net = round(gross - tare, 2);
      const firstAt = minute;
      const secondAt = firstAt + random.int(15, 45);
      // Deliveries come in loaded (gross first), hauling goes out loaded (tare first).
      const [grossTime, tareTime] = material.direction === 'in' ? [firstAt, secondAt] : [secondAt, firstAt];
      const deduction =
        material.deduction && random.next() < 0.5 ? round(random.between(0.1, material.deduction), 2) : 0;
      const noted = material.direction === 'in';
      const pendingToday = ago === 0 && trip >= trucks - 2;
      const row: Record<string, unknown> = {
        id: `weighing-${site.project.replace('project-', '')}-${String(serial).padStart(4, '0')}`,
        plateNo: plate,
        axles,
        material: material.value,
        direction: material.direction,
        supplier: random.pick(material.suppliers),
        receiver: material.direction === 'in' ? site.receiver : random.pick(site.dumps),
        weighDate: `@day-${ago}`,
        grossWeight: material.direction === 'in' || !pendingToday ? gross : undefined,
        grossTime: clock(grossTime),
        tareWeight: pendingToday ? undefined : tare,
        tareTime: pendingToday ? undefined : clock(tareTime),
        deduction,
        deliveryNoteNo: noted ? `${site.city}${String(700000 + serial * 7).padStart(7, '0')}` : undefined,
        deliveryNoteWeight: noted ? noteWeight(net, random.next(), notes) : undefined,
        deviceId: site.device,
        operatorId: 'user-staff',
        state: pendingToday ? 'pending' : 'complete',
        source: random.next() < 0.85 ? 'device' : 'manual',
        photos: PHOTOS,
        createdAt: `@day-${ago}`,
        createdBy: 'user-staff',
      };
      if (pendingToday && material.direction === 'out') {
        // An empty truck came in to load: its first pass is the tare, shown until it leaves.
        row.grossWeight = undefined;
        row.grossTime = undefined;
        row.tareWeight = tare;
        row.tareTime = clock(firstAt);
      }
      rows.push(Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)));
      minute += random.int(25, 70);
    }
  }
  plantAnomalies(rows);
  judge(rows, today);
  return rows;
}

type Row = Record<string, unknown>;
const agoOf = (row: Row) => Number(String(row.weighDate).replace('@day-', ''));
const complete = (row: Row) => row.state === 'complete';

/**
 * What the anti-cheating checks are there to catch, once on each site: a delivery whose empty truck weighed 0.8 t
 * light five days ago (皮重异常: the net, and the note's deviation, grow by as much), and an earth truck loaded over
 * its GB 1589 limit three days ago (出场超载). The weighings the demo corrections name come from the weighbridge.
 */
function plantAnomalies(rows: Row[]): void {
  const light = rows.find((row) => complete(row) && agoOf(row) === 5 && row.direction === 'in');
  if (light) light.tareWeight = round(Number(light.tareWeight) - 0.8, 2);
  const heavy = rows.find((row) => complete(row) && agoOf(row) === 3 && row.direction === 'out');
  if (heavy) heavy.grossWeight = round(GB1589_GROSS_LIMIT[Number(heavy.axles)] + 2.4, 2);
  for (const row of [light, heavy, ...correctedWeighings(rows)]) if (row) row.source = 'device';
}

/** The weighings the demo's 磅单更正申请 name: an approved one two days ago, a pending one yesterday. */
function correctedWeighings(rows: Row[]): [Row | undefined, Row | undefined] {
  const pick = (ago: number) =>
    rows.find((row) => complete(row) && agoOf(row) === ago && row.direction === 'in' && row.material !== 'ready-mix');
  return [pick(2), pick(1)];
}

/** Each weighing judged as the plugin judges a new one (flags.ts), in the order they were weighed; m³ of ready-mix. */
function judge(rows: Row[], today: Date): void {
  const history = new Map<string, WeighingFacts[]>();
  for (const row of rows) {
    if (row.material === 'ready-mix' && complete(row)) {
      row.density = READY_MIX_DENSITY;
      row.netVolume = volumeOf(round(Number(row.grossWeight) - Number(row.tareWeight), 2), READY_MIX_DENSITY);
    }
    if (!complete(row)) continue;
    const facts: WeighingFacts = {
      weighDate: chinaDate(new Date(today.getTime() - agoOf(row) * 86_400_000)),
      direction: String(row.direction),
      axles: Number(row.axles),
      grossWeight: Number(row.grossWeight),
      tareWeight: Number(row.tareWeight),
      grossTime: String(row.grossTime),
      tareTime: String(row.tareTime),
    };
    const plate = String(row.plateNo);
    const past = history.get(plate) ?? [];
    const flags = weighingFlags(facts, past, DEFAULT_FLAG_SETTINGS);
    if (flags.cheatFlags) row.cheatFlags = flags.cheatFlags;
    if (flags.cheatIssue) row.cheatIssue = flags.cheatIssue;
    if (flags.usualTare !== null) row.usualTare = flags.usualTare;
    history.set(plate, [...past, facts]);
  }
}

/**
 * The weight a delivery note states for `net` tonnes weighed: mostly within ±0.3 % (a note is weighed at the
 * supplier's scale); about one in thirty 0.6 to 1.5 % off either way, a 磅差超差 for every material.
 */
function noteWeight(net: number, draw: number, notes: DemoRandom): number {
  const off = notes.next() < 0.035 ? notes.between(0.006, 0.015) : notes.between(0, 0.003);
  return round(net * (1 + (draw < 0.6 ? -off : off)), 2);
}

const siteWeighings = (today: Date) =>
  SITES.map((site, index) => ({ site, rows: weighings(site, 1301 + index, today) }));

/**
 * The purchase orders of each site: one per supplier, material and month of its deliveries, in the unit it is
 * settled in (ready-mix in m³), ordered in round figures: most a little under what came (the last loads of a month
 * are ordered late), every third a tenth above it (a shortfall 供货对账 shows red).
 */
function purchaseOrders(site: Site, rows: Row[], today: Date): Row[] {
  const sums = new Map<string, { supplier: string; material: string; period: string; quantity: number }>();
  for (const row of rows) {
    if (!complete(row) || row.direction !== 'in') continue;
    const period = chinaDate(new Date(today.getTime() - agoOf(row) * 86_400_000)).slice(0, 7);
    const key = `${period}|${String(row.supplier)}|${String(row.material)}`;
    const sum = sums.get(key) ?? {
      supplier: String(row.supplier),
      material: String(row.material),
      period,
      quantity: 0,
    };
    sum.quantity +=
      row.material === 'ready-mix' ? Number(row.netVolume) : round(Number(row.grossWeight) - Number(row.tareWeight), 2);
    sums.set(key, sum);
  }
  return [...sums.values()]
    .sort((a, b) => a.period.localeCompare(b.period) || a.supplier.localeCompare(b.supplier))
    .map((sum, index) => ({
      id: `order-${site.project.replace('project-', '')}-${String(index + 1).padStart(3, '0')}`,
      orderNo: `CG-${sum.period.replace('-', '')}-${site.city}${String(index + 1).padStart(3, '0')}`,
      supplier: sum.supplier,
      material: sum.material,
      quantity: index % 3 === 0 ? Math.ceil((sum.quantity * 1.1) / 10) * 10 : Math.floor(sum.quantity / 10) * 10 || 10,
      unit: sum.material === 'ready-mix' ? 'm3' : 't',
      period: sum.period,
      createdBy: 'user-staff',
    }));
}

export function demoData(): ModuleSeedFile[] {
  const today = new Date();
  const made = siteWeighings(today);
  return [
    {
      kind: 'module-seed',
      description:
        '演示过磅记录：各项目地磅近40天的进场材料与出场土方，今天最后两车为待二次过磅；皮重异常、出场超载和频繁过磅的车次带防作弊提示。',
      collection: 'weighbridge-record',
      projects: Object.fromEntries(made.map(({ site, rows }) => [site.project, rows])),
    },
    {
      kind: 'module-seed',
      description: '演示采购订单：各项目按供应商、材料和月份的订购数量，约三分之一的订单到货不足（供货对账显示欠量）。',
      collection: 'weighbridge-purchase-order',
      projects: Object.fromEntries(made.map(({ site, rows }) => [site.project, purchaseOrders(site, rows, today)])),
    },
  ];
}

/**
 * 磅单更正申请 on each site: one approved by the project manager (the empty truck weighed with its driver aboard:
 * the tare corrected 0.15 t down, the original kept), one waiting for the approval (a gross weighed with the rear
 * axle off the platform).
 */
export function demoApprovals(): DemoApproval[] {
  return siteWeighings(new Date()).flatMap(({ site, rows }): DemoApproval[] => {
    const [approved, pending] = correctedWeighings(rows);
    const scripts: DemoApproval[] = [];
    if (approved) {
      const tare = round(Number(approved.tareWeight) - 0.15, 2);
      scripts.push({
        process: 'weighing-correction',
        starter: 'user-staff',
        project: site.project,
        form: {
          weighingId: approved.id,
          grossWeight: approved.grossWeight,
          tareWeight: tare,
          reason: `皮重过磅时驾驶员未下车，经复磅空车皮重为 ${tare.toFixed(2)} t，附复磅单`,
        },
        steps: [{ by: 'user-manager', do: 'approve', comment: '已核对复磅单，同意更正' }],
      });
    }
    if (pending) {
      const gross = round(Math.min(Number(pending.grossWeight) + 0.4, GB1589_GROSS_LIMIT[Number(pending.axles)]), 2);
      scripts.push({
        process: 'weighing-correction',
        starter: 'user-staff',
        project: site.project,
        form: {
          weighingId: pending.id,
          grossWeight: gross,
          tareWeight: pending.tareWeight,
          reason: `毛重过磅时后轴未完全上磅，监控录像可查，复磅毛重为 ${gross.toFixed(2)} t`,
        },
        steps: [],
      });
    }
    return scripts;
  });
}
