/**
 * The pile module's demo records, made at seeding (seed/module-demo.ts) from fixed seeds, so every seeding makes the
 * same ones: the piles of the demo projects that have piling, in construction order (bored and rotary piles with
 * their construction records; 14 days after casting a low-strain test, classes mostly Ⅰ, some Ⅱ, a few Ⅲ and one Ⅳ;
 * static load tests on a sample), a few out of range (充盈系数 < 1.0, 垂直度 > 1 %, too much sediment); the highway's bridge
 * piles take the bearing types of JTG/T 3650-2020 (支承桩, 摩擦桩 by size), the housing site's those of JGJ 94. Dates are
 * relative (`@day-30`), so the demo always looks current.
 */
import { seededRandom, type ModuleSeedFile } from '../../../src/server/module-api.js';

const generator = seededRandom;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

interface PileSite {
  project: string;
  prefix: string;
  zones: string[];
  types: { value: string; diameter: number[]; length: [number, number]; capacity: number[] }[];
  count: number;
  startAgo: number;
  /** A highway's bridge piles (JTG/T 3650-2020), not a building's (JGJ 94). */
  highway?: boolean;
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
    highway: true,
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
    // Highway bridge piles follow JTG/T 3650-2020: 支承桩 ≤ 50 mm, 摩擦桩 over 1.5 m across or 40 m long ≤ 300 mm.
    const bearingType = site.highway
      ? cast && zone.includes('大桥')
        ? 'bridge-end'
        : diameter > 1500 || designLength > 40
          ? 'bridge-friction-large'
          : 'bridge-friction'
      : cast && zone.includes('大桥')
        ? 'end'
        : 'friction';
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
      sedimentThickness: cast ? (bearingType.endsWith('end') ? endSediment : sediment) : undefined,
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

export function demoData(): ModuleSeedFile[] {
  return [
    {
      kind: 'module-seed',
      description:
        '演示桩基：有桩基工程的项目按施工顺序成桩，成桩14天后做低应变（多为Ⅰ类，少量Ⅱ、Ⅲ类，一根Ⅳ类），部分桩做静载。',
      collection: 'pile',
      projects: Object.fromEntries(PILE_SITES.map((site, index) => [site.project, piles(site, 2701 + index)])),
    },
  ];
}
