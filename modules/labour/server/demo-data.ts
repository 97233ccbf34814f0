/**
 * The labour module's demo records, made at seeding (seed/module-demo.ts) from fixed seeds, so every seeding makes
 * the same ones: a few hundred workers per demo project across teams, trades and subcontractors, with valid ID
 * numbers from many provinces (a name that goes with the ID number's sex), certificates (some expiring, one lapsed), a
 * few blacklisted; a gate per project; and two months of attendance on every day of the week, as sites work weekends,
 * with each worker's rest days and the days the site stood still, declared compactly as a `daily` seed (a line per
 * worker, with the days off, late or early) and expanded when seeding. Dates are relative (`@day-30`), so the demo
 * always looks current.
 */
import {
  idCardCheckChar,
  relativeDay,
  seededRandom,
  type DailySeedRow,
  type DemoRandom,
  type ModuleSeedFile,
} from '../../../src/server/module-api.js';
import {
  demoCertificates,
  demoContracts,
  demoRefusals,
  demoTeams,
  demoWageAccount,
  demoWages,
  seedingDay,
  withBankCards,
} from './demo-records.js';

/** The demo projects (schemas/seed/demo.json). */
export const DEMO_PROJECTS = ['project-binjiang', 'project-expressway', 'project-highway'];

const generator = seededRandom;
const day = relativeDay;

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
/** Given names of men and of women: a worker's name goes with the sex of the ID number (its 17th digit, odd: male). */
const MALE_GIVEN = [
  '建国',
  '志强',
  '国平',
  '海涛',
  '德明',
  '春生',
  '永强',
  '立新',
  '俊杰',
  '小龙',
  '红军',
  '玉林',
  '金山',
  '文斌',
  '长青',
  '明亮',
  '卫东',
  '双喜',
  '宝山',
  '振华',
  '建华',
  '富贵',
  '大伟',
  '云飞',
  '庆丰',
  '少华',
  '忠诚',
];
export const FEMALE_GIVEN = ['秀英', '桂兰', '丽娟', '玉梅', '春花', '秀珍', '美玲', '翠萍', '红梅', '淑芬'];
/** Mobile prefixes in use in mainland China (13x to 19x, the 166 and 19x numbers included). */
const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '155',
  '157',
  '158',
  '159',
  '166',
  '173',
  '177',
  '180',
  '181',
  '183',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
];
/** Region codes (county level) of the provinces most site workers come from. */
const REGIONS = [
  '410102',
  '410303',
  '411302',
  '340102',
  '341202',
  '510104',
  '511302',
  '430102',
  '431002',
  '420102',
  '421002',
  '360102',
  '362102',
  '320102',
  '321302',
  '370102',
  '371302',
  '500101',
  '522601',
  '450102',
  '130102',
  '610102',
  '620102',
  '330106',
];
const TRADES: [value: string, team: string, weight: number][] = [
  ['rebar', '钢筋', 6],
  ['formwork', '木工', 6],
  ['concrete', '混凝土', 4],
  ['mason', '砌筑', 4],
  ['scaffold', '架子', 3],
  ['welder', '电焊', 2],
  ['electrician', '水电', 2],
  ['plumber', '水电', 1],
  ['crane-operator', '塔吊', 1],
  ['signalman', '塔吊', 1],
  ['painter', '装饰', 2],
  ['labourer', '杂工', 3],
];
const SUBCONTRACTORS = [
  '河南林州建筑劳务有限公司',
  '四川南充劳务开发有限公司',
  '安徽六安建工劳务有限公司',
  '湖南湘建劳务有限公司',
];
/**
 * The certificate of each special trade: 建筑施工特种作业 (建质〔2008〕75号: 建筑电工, 建筑架子工, 建筑起重信号司索工,
 * 建筑起重机械司机, 建筑起重机械安装拆卸工, 高处作业吊篮安装拆卸工), issued by the building authority; a welder holds the
 * 特种作业操作证 of the safety authority (焊接与热切割作业).
 */
export const CERTIFICATES: Record<string, string> = {
  welder: '焊接与热切割作业',
  electrician: '建筑电工',
  'crane-operator': '建筑起重机械司机（塔式起重机）',
  signalman: '建筑起重信号司索工',
  scaffold: '建筑架子工',
};

function idNumber(random: DemoRandom, age: number, male: boolean): string {
  const year = 2026 - age;
  const birth = `${year}${String(random.int(1, 12)).padStart(2, '0')}${String(random.int(1, 28)).padStart(2, '0')}`;
  const order = `${random.int(0, 9)}${random.int(0, 9)}${male ? random.pick([1, 3, 5, 7, 9]) : random.pick([0, 2, 4, 6, 8])}`;
  const first17 = `${random.pick(REGIONS)}${birth}${order}`;
  return `${first17}${idCardCheckChar(first17)}`;
}

/** The workers of the demo project `projectIndex` (the safety module's trainings take theirs from here). */
export function demoWorkers(projectIndex: number): Record<string, unknown>[] {
  const random = generator(1000 + projectIndex);
  const count = [140, 110, 95][projectIndex];
  const weighted = TRADES.flatMap((trade) => Array<typeof trade>(trade[2]).fill(trade));
  const rows: Record<string, unknown>[] = [];
  const used = new Set<string>();
  for (let index = 0; rows.length < count; index += 1) {
    const [trade, teamName] = random.pick(weighted);
    const male = random.next() > 0.08;
    const age = Math.min(62, Math.max(19, Math.round(22 + random.next() * 28 + random.next() * 10)));
    const id = idNumber(random, age, male);
    if (used.has(id)) continue;
    used.add(id);
    const entry = -random.int(3, 150);
    const left = random.next() < 0.12;
    const row: Record<string, unknown> = {
      id: `worker-${projectIndex + 1}-${String(index + 1).padStart(3, '0')}`,
      name: `${random.pick([...SURNAMES])}${random.pick(male ? MALE_GIVEN : FEMALE_GIVEN)}`,
      idCardNumber: id,
      phone: `${random.pick(MOBILE_PREFIXES)}${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
      team: `${teamName}${random.pick(['一', '二', '三'])}班`,
      trade,
      subcontractor: random.pick(SUBCONTRACTORS),
      entryDate: day(entry),
      status: left ? 'left' : 'onSite',
      createdAt: day(entry),
    };
    if (left) row.exitDate = day(Math.min(-1, entry + random.int(10, 60)));
    const certificate = CERTIFICATES[trade];
    if (certificate) {
      row.certName = certificate;
      row.certNumber = `T${String(random.int(10_000_000, 99_999_999))}`;
      // A few expire within 30 days (shown in red), one has lapsed.
      row.certExpiry = day(random.next() < 0.2 ? random.int(-5, 30) : random.int(60, 900));
    }
    if (random.next() < 0.015) {
      row.blacklisted = true;
      row.blacklistReason = '多次违反安全操作规程，拒不整改';
    }
    rows.push(row);
  }
  return rows;
}

/** Days of attendance before the day of seeding (about two months). */
const ATTENDANCE_DAYS = 60;
const GATES = ['1号门闸机', '2号门人脸识别', '北门闸机'];
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** `@day-97` -> -97. */
const offsetOf = (relative: unknown) => Number(String(relative).replace('@day', ''));

/**
 * Days (offsets from the first day of attendance) the whole site stood still: heavy rain, a typhoon warning. A site
 * works weekends and holidays alike; these and each worker's own rest days are the days off.
 */
function siteStops(projectIndex: number): Set<number> {
  const random = generator(3500 + projectIndex);
  // More than two weeks back: the last fortnight (what a site manager looks at first) has no such day.
  return new Set([random.int(8, 25), random.int(30, 44)]);
}

/** The night pour (offset from the first day of attendance) and the concrete gang's shift that night. */
const NIGHT_POUR = ATTENDANCE_DAYS - 10;
const NIGHT_SHIFT = { clockIn: '20:00', clockOut: '06:00', remark: '夜间浇筑混凝土（夜班）' };
/** The day the face-recognition gate failed: those it missed were entered by hand. */
const GATE_FAULT = ATTENDANCE_DAYS - 15;
const MANUAL_ENTRY = { source: 'manual', gate: null, reason: '人脸识别闸机故障未识别，班组长确认后补录' };

/** A worker's own days off: about one day in eleven (rest, a trip home, sick), so three or so a month. */
const REST_SHARE = 0.09;

function attendance(projectIndex: number, registry: Record<string, unknown>[]): DailySeedRow[] {
  const random = generator(3000 + projectIndex);
  const stops = siteStops(projectIndex);
  return registry
    .filter((worker) => worker.blacklisted !== true)
    .flatMap((worker, index) => {
      const entry = offsetOf(worker.entryDate);
      const exit = worker.exitDate === undefined ? 0 : offsetOf(worker.exitDate);
      if (exit < -ATTENDANCE_DAYS) return [];
      const row: DailySeedRow = {
        id: `attendance-${projectIndex + 1}-${String(index + 1).padStart(3, '0')}`,
        worker: worker.id,
        clockIn: clock(random.int(7 * 60 + 20, 8 * 60)),
        clockOut: clock(random.int(17 * 60, 18 * 60 + 30)),
      };
      if (entry > -ATTENDANCE_DAYS) row.from = day(entry);
      if (worker.exitDate !== undefined) row.to = String(worker.exitDate);
      const skip: number[] = [];
      const vary: Record<string, Record<string, unknown>> = {};
      for (let offset = 0; offset <= ATTENDANCE_DAYS; offset += 1) {
        const roll = random.next();
        if (offset < ATTENDANCE_DAYS && (stops.has(offset) || roll < REST_SHARE)) skip.push(offset);
        else if (roll < 0.09) vary[offset] = { clockIn: clock(random.int(8 * 60 + 31, 9 * 60 + 40)), remark: '迟到' };
        else if (roll < 0.11) vary[offset] = { clockOut: clock(random.int(14 * 60, 16 * 60 + 30)), remark: '早退' };
      }
      // A night pour ten days ago: the concrete gang in at 20:00 and out at 06:00 the next morning, 10 hours
      // counted on the day the shift began.
      if (worker.trade === 'concrete' && !skip.includes(NIGHT_POUR)) vary[NIGHT_POUR] = NIGHT_SHIFT;
      // A day the face-recognition gate failed for some: entered by hand, with the reason.
      else if (index % 17 === 0 && !skip.includes(GATE_FAULT)) vary[GATE_FAULT] = MANUAL_ENTRY;
      // Today: in since the morning, not out yet.
      vary[ATTENDANCE_DAYS] = { clockOut: null };
      if (skip.length > 0) row.skip = skip;
      row.vary = vary;
      return [row];
    });
}

const perProject = (rows: (index: number) => Record<string, unknown>[]) =>
  Object.fromEntries(DEMO_PROJECTS.map((project, index) => [project, rows(index)]));

export function demoData(): ModuleSeedFile[] {
  const registries = DEMO_PROJECTS.map((_, index) => withBankCards(index, demoWorkers(index)));
  const attendances = registries.map((registry, index) => attendance(index, registry));
  const today = seedingDay();
  return [
    {
      kind: 'module-seed',
      description: '演示劳务人员（@day-30 表示播种当天的 30 天前）。',
      collection: 'labour-worker',
      projects: Object.fromEntries(DEMO_PROJECTS.map((project, index) => [project, registries[index]])),
    },
    {
      kind: 'module-seed',
      description: '演示班组：每个项目按登记的班组名称各一个，班组长为该班组进场最早的在场人员。',
      collection: 'labour-team',
      projects: perProject((index) => demoTeams(registries[index])),
    },
    {
      kind: 'module-seed',
      description: '演示人员证书：特种作业人员的特种作业证（部分30天内到期、一本已过期），部分人员的职业技能等级证书。',
      collection: 'labour-certificate',
      projects: perProject((index) => demoCertificates(index, registries[index])),
    },
    {
      kind: 'module-seed',
      description: '演示劳动合同：每名人员进场前一天签订，多数一年期，部分以完成一定工作任务为期限。',
      collection: 'labour-contract',
      projects: perProject((index) => demoContracts(registries[index])),
    },
    {
      kind: 'module-seed',
      description: '演示农民工工资专用账户：每个项目一个。',
      collection: 'labour-wage-account',
      projects: perProject((index) => [demoWageAccount(index)]),
    },
    {
      kind: 'module-seed',
      description: '演示工资发放：上个月每名出勤人员的工资，经工资专用账户代发，少数本月先付八成。',
      collection: 'labour-wage',
      projects: perProject((index) => demoWages(index, registries[index], attendances[index], ATTENDANCE_DAYS, today)),
    },
    {
      kind: 'module-seed',
      description:
        '演示闸机拒绝记录：近几天黑名单、已退场、未完成三级安全教育、特种作业证过期、超龄、未登记人员被拒绝通行。',
      collection: 'labour-gate-pass',
      projects: perProject((index) => demoRefusals(index, registries[index], `gate-${index + 1}`, today)),
    },
    {
      kind: 'module-seed',
      description: '演示考勤闸机（每个项目一台；密钥仅供演示）。',
      collection: 'labour-gate',
      projects: Object.fromEntries(
        DEMO_PROJECTS.map((project, index) => [
          project,
          [
            {
              id: `gate-${index + 1}`,
              name: GATES[index],
              location: '施工现场主入口',
              secret: `DemoGateSecret${index + 1}0000000000000000000000`,
              enabled: true,
            },
          ],
        ]),
      ),
    },
    {
      kind: 'module-seed',
      description:
        '演示考勤：近两个月的每一天（工地周末照常施工），每名在场人员一行（skip 为轮休、缺勤与雨天停工的天，vary 为' +
        '迟到早退的天，均为距 from 的天数），播种时展开为每人每天一条。',
      collection: 'labour-attendance',
      daily: {
        dateField: 'date',
        from: day(-ATTENDANCE_DAYS),
        to: day(0),
        values: { source: 'gate' },
        projects: Object.fromEntries(
          DEMO_PROJECTS.map((project, index) => [
            project,
            attendances[index].map((row) => ({ ...row, gate: GATES[index] })),
          ]),
        ),
      },
    },
  ];
}
