/**
 * Writes the demo records of the weighbridge and pile modules (modules/weighbridge/seed, modules/pile/seed) for
 * the demo projects: 40 days of weighings at each project's weighbridge (deliveries of the materials that site
 * uses, earth and waste hauled out, a few first passes still waiting for the second today), and the piles of the
 * sites that have piling (bored and rotary piles with their construction records, low-strain classes mostly Ⅰ,
 * some Ⅱ, a few Ⅲ and one Ⅳ, static load tests on a sample). A few weighings are off their delivery note beyond the
 * tolerance (磅差超差), and a few piles are out of range (充盈系数 < 1.0, 垂直度 > 1 %, too much sediment). Deterministic (a seeded generator), so running it
 * again gives the same files. Dates are relative (`@day-30`), so the demo always looks current.
 *
 *   npx tsx scripts/weighbridge-pile-demo-data.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** mulberry32: small, fast, good enough for demo data. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    between: (min: number, max: number) => min + next() * (max - min),
  };
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Plate letters skip I and O, as the plates do. */
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

interface Material {
  value: string;
  direction: 'in' | 'out';
  /** Truck payload range in tonnes, and an empty truck's weight range. */
  load: [number, number];
  tare: [number, number];
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
        load: [22, 30],
        tare: [14, 16],
        weight: 5,
        suppliers: ['杭州三狮商品混凝土有限公司', '杭州中建商砼有限公司'],
      },
      {
        value: 'rebar',
        direction: 'in',
        load: [26, 34],
        tare: [15, 17],
        weight: 2,
        suppliers: ['杭钢集团物资供应有限公司', '沙钢物贸（杭州）有限公司'],
      },
      {
        value: 'sand',
        direction: 'in',
        load: [28, 36],
        tare: [14, 16],
        weight: 2,
        suppliers: ['富阳江砂贸易有限公司'],
        deduction: 0.4,
      },
      {
        value: 'block',
        direction: 'in',
        load: [18, 26],
        tare: [12, 14],
        weight: 1,
        suppliers: ['杭州加气混凝土砌块厂'],
      },
      {
        value: 'cement',
        direction: 'in',
        load: [30, 34],
        tare: [15, 16],
        weight: 1,
        suppliers: ['海螺水泥（杭州）销售有限公司'],
      },
      {
        value: 'earthwork',
        direction: 'out',
        load: [24, 32],
        tare: [14, 16],
        weight: 2,
        suppliers: ['滨江花园住宅工程项目部'],
      },
      {
        value: 'waste',
        direction: 'out',
        load: [10, 18],
        tare: [13, 15],
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
        load: [30, 38],
        tare: [15, 17],
        weight: 5,
        suppliers: ['惠州博罗石场', '东莞樟木头石料有限公司'],
        deduction: 0.3,
      },
      {
        value: 'sand',
        direction: 'in',
        load: [28, 36],
        tare: [14, 16],
        weight: 3,
        suppliers: ['西江砂业（肇庆）有限公司'],
        deduction: 0.5,
      },
      {
        value: 'cement',
        direction: 'in',
        load: [30, 34],
        tare: [15, 16],
        weight: 2,
        suppliers: ['华润水泥（深圳）有限公司'],
      },
      {
        value: 'asphalt',
        direction: 'in',
        load: [26, 32],
        tare: [15, 17],
        weight: 2,
        suppliers: ['深圳路桥沥青拌合厂'],
      },
      {
        value: 'rebar',
        direction: 'in',
        load: [26, 34],
        tare: [15, 17],
        weight: 1,
        suppliers: ['广东韶钢物资有限公司'],
      },
      {
        value: 'earthwork',
        direction: 'out',
        load: [24, 32],
        tare: [14, 16],
        weight: 3,
        suppliers: ['城市快速路改造工程项目部'],
      },
      {
        value: 'waste',
        direction: 'out',
        load: [12, 20],
        tare: [13, 15],
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
        load: [30, 38],
        tare: [15, 17],
        weight: 4,
        suppliers: ['南安石材矿业有限公司'],
        deduction: 0.3,
      },
      {
        value: 'sand',
        direction: 'in',
        load: [28, 36],
        tare: [14, 16],
        weight: 2,
        suppliers: ['闽江砂石有限公司'],
        deduction: 0.5,
      },
      {
        value: 'ready-mix',
        direction: 'in',
        load: [22, 30],
        tare: [14, 16],
        weight: 3,
        suppliers: ['厦门华信商品混凝土有限公司'],
      },
      {
        value: 'rebar',
        direction: 'in',
        load: [26, 34],
        tare: [15, 17],
        weight: 2,
        suppliers: ['三钢闽光物资有限公司'],
      },
      {
        value: 'steel',
        direction: 'in',
        load: [20, 30],
        tare: [15, 17],
        weight: 1,
        suppliers: ['厦门象屿钢铁有限公司'],
      },
      {
        value: 'cement',
        direction: 'in',
        load: [30, 34],
        tare: [15, 16],
        weight: 1,
        suppliers: ['福建水泥股份有限公司'],
      },
      {
        value: 'earthwork',
        direction: 'out',
        load: [24, 32],
        tare: [14, 16],
        weight: 3,
        suppliers: ['沿海高速公路工程项目部'],
      },
    ],
  },
];

const PHOTOS = ['/app/weighbridge/capture-front.svg', '/app/weighbridge/capture-top.svg'];

function weighings(site: Site, seed: number) {
  const random = generator(seed);
  // Whether a delivery's note is off draws from its own generator, so the other values stay as they were.
  const notes = generator(seed + 7919);
  // A fleet that comes back day after day; a few new-energy trucks (plate letter D/F after the digits).
  const fleet = Array.from({ length: 36 }, (_, index) => {
    // Most trucks are local; some come from elsewhere in the province.
    const letter = random.next() < 0.6 ? site.city : random.pick(LETTERS.split(''));
    const digits = String(random.int(10000, 99999));
    return index % 9 === 4
      ? `${site.province}${letter}${digits}${random.pick(['D', 'F'])}`
      : `${site.province}${letter}${digits}`;
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
      const plate = random.pick(fleet);
      const tare = round(random.between(...material.tare), 2);
      const gross = round(tare + random.between(...material.load), 2);
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
  return rows;
}

/**
 * The weight a delivery note states for `net` tonnes weighed: mostly within ±0.3 % (a note is weighed at the
 * supplier's scale); about one in thirty 0.6 to 1.5 % off either way, a 磅差超差 for every material.
 */
function noteWeight(net: number, draw: number, notes: ReturnType<typeof generator>): number {
  const off = notes.next() < 0.035 ? notes.between(0.006, 0.015) : notes.between(0, 0.003);
  return round(net * (1 + (draw < 0.6 ? -off : off)), 2);
}

interface PileSite {
  project: string;
  prefix: string;
  zones: string[];
  types: { value: string; diameter: number[]; length: [number, number]; capacity: number[] }[];
  count: number;
  startAgo: number;
}

const PILE_SITES: PileSite[] = [
  {
    project: 'project-binjiang',
    prefix: 'ZH',
    zones: ['1号楼', '2号楼', '3号楼', '5号楼', '地下车库'],
    types: [
      { value: 'bored', diameter: [800, 1000], length: [42, 52], capacity: [3800, 4500, 5200] },
      { value: 'rotary', diameter: [800], length: [38, 46], capacity: [3600, 4000] },
    ],
    count: 96,
    startAgo: 150,
  },
  {
    project: 'project-highway',
    prefix: 'QZ',
    zones: ['K12+350 大桥', 'K13+020 中桥', 'K15+600 互通匝道桥'],
    types: [
      { value: 'bored', diameter: [1500, 1800], length: [48, 62], capacity: [9000, 11000, 12500] },
      { value: 'phc', diameter: [500, 600], length: [24, 32], capacity: [2200, 2800] },
    ],
    count: 64,
    startAgo: 120,
  },
];

function piles(site: PileSite, seed: number) {
  const random = generator(seed);
  // The verticality and the end-bearing piles' sediment draw from their own generator, so the values drawn before
  // they were recorded stay as they were.
  const survey = generator(seed + 7919);
  const rows: Record<string, unknown>[] = [];
  for (let index = 1; index <= site.count; index += 1) {
    const type = random.pick(site.types);
    const zone = random.pick(site.zones);
    const cast = type.value !== 'phc';
    const diameter = random.pick(type.diameter);
    const designLength = random.int(type.length[0], type.length[1]);
    const holeDepth = round(designLength + random.between(0.3, 1.5), 2);
    // π·(d/2)² over the hole as drilled: what the collection computes as 理论方量.
    const theoretical = (Math.PI * (diameter / 1000) ** 2 * holeDepth) / 4;
    // Mostly 1.05 to 1.25; a few under 1.0 (possible necking) to show on the list.
    const filling = round(random.next() < 0.05 ? random.between(0.93, 0.99) : random.between(1.05, 1.25), 2);
    const constructedAgo = Math.max(1, site.startAgo - Math.floor(((index - 1) / site.count) * (site.startAgo - 3)));
    // Low-strain tests come at least 14 days after casting (the concrete's age, JGJ 106).
    const tested = constructedAgo >= 16;
    const draw = random.next();
    const integrityClass = !tested ? undefined : draw < 0.82 ? 'I' : draw < 0.95 ? 'II' : draw < 0.99 ? 'III' : 'IV';
    const designCapacity = random.pick(type.capacity);
    const staticTested = tested && index % 12 === 3;
    const staticCapacity = staticTested
      ? round(designCapacity * (index % 48 === 27 ? 0.92 : random.between(1.0, 1.12)), 0)
      : undefined;
    const unqualified =
      integrityClass === 'III' || integrityClass === 'IV' || (staticCapacity ?? Infinity) < designCapacity;
    const sediment = cast ? random.int(20, 90) : 0;
    // Bridge piles socketed in rock bear on their tip (端承型, sediment ≤ 50 mm); the others on their shaft (≤ 100 mm).
    const bearingType = cast && zone.includes('大桥') ? 'end' : 'friction';
    // About one in twenty-five drilled out of plumb (> 1 %) or with too much sediment at its tip.
    const verticality = round(survey.next() < 0.04 ? survey.between(1.05, 1.6) : survey.between(0.15, 0.85), 2);
    const endSediment = survey.next() < 0.08 ? survey.int(55, 80) : survey.int(15, 48);
    const row: Record<string, unknown> = {
      id: `pile-${site.project.replace('project-', '')}-${String(index).padStart(3, '0')}`,
      pileNo: `${site.prefix}-${String(index).padStart(3, '0')}`,
      zone,
      pileType: type.value,
      bearingType,
      designLength,
      diameter,
      designCapacity,
      constructedDate: `@day-${constructedAgo}`,
      holeDepth: cast ? holeDepth : undefined,
      sedimentThickness: cast ? (bearingType === 'end' ? endSediment : sediment) : undefined,
      verticalityDeviation: cast ? verticality : undefined,
      concreteVolume: cast ? round(theoretical * filling, 2) : undefined,
      integrityClass,
      integrityTestDate: tested ? `@day-${constructedAgo - 14}` : undefined,
      staticCapacity,
      status: !tested ? 'pending' : unqualified ? 'unqualified' : 'qualified',
      remark:
        integrityClass === 'III'
          ? '桩身有明显缺陷，已通知设计单位复核，拟钻芯验证'
          : integrityClass === 'IV'
            ? '桩身严重缺陷，待设计出具补桩方案'
            : staticCapacity !== undefined && staticCapacity < designCapacity
              ? '静载承载力不满足设计要求，扩大检测'
              : undefined,
      createdAt: `@day-${constructedAgo}`,
      createdBy: 'user-staff',
    };
    rows.push(Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)));
  }
  return rows;
}

/** One record a line: a thousand weighings stay a file one can read and diff. */
function write(file: string, seed: { projects: Record<string, Record<string, unknown>[]> } & Record<string, unknown>) {
  const { projects, ...head } = seed;
  const header = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  const blocks = Object.entries(projects).map(
    ([project, rows]) =>
      `    ${JSON.stringify(project)}: [\n${rows.map((row) => `      ${JSON.stringify(row)}`).join(',\n')}\n    ]`,
  );
  writeFileSync(join(root, file), `${header},\n  "projects": {\n${blocks.join(',\n')}\n  }\n}\n`);
}

write('modules/weighbridge/seed/weighbridge-record.json', {
  kind: 'module-seed',
  description:
    '演示过磅记录：各项目地磅近40天的进场材料与出场土方，今天最后两车为待二次过磅。由 scripts/weighbridge-pile-demo-data.ts 生成。',
  collection: 'weighbridge-record',
  projects: Object.fromEntries(SITES.map((site, index) => [site.project, weighings(site, 1301 + index)])),
});

write('modules/pile/seed/pile.json', {
  kind: 'module-seed',
  description:
    '演示桩基：有桩基工程的项目按施工顺序成桩，成桩14天后做低应变（多为Ⅰ类，少量Ⅱ、Ⅲ类，一根Ⅳ类），部分桩做静载。由 scripts/weighbridge-pile-demo-data.ts 生成。',
  collection: 'pile',
  projects: Object.fromEntries(PILE_SITES.map((site, index) => [site.project, piles(site, 2701 + index)])),
});
