/**
 * The economics module's demo records, made at seeding from fixed seeds (the same records every time, with stable
 * ids): for each demo project two contracts, 24 months of output up to the month of seeding (planned along an
 * S-curve of the contract's duration; actual around it; confirmed up to two months ago, last month's waiting for
 * its approval, this month's not yet reported), monthly target costs by category from the planned output, entered
 * machinery, subcontract and other costs, entered 人工费 and 材料费 for the months before the labour and weighbridge
 * demo records begin (from then on they come from the wage ledger and the weighings), and the prices of the
 * materials the demo weighbridges weigh. The demo approvals: last month's 产值月报 of the main contract waiting on
 * one project and approved on another.
 */
import {
  chinaDate,
  seededRandom,
  type DemoApproval,
  type DemoRandom,
  type ModuleSeedFile,
} from '../../../src/server/module-api.js';
import { addMonths } from './months.js';

const MONTHS = 24;
/** The labour demo's attendance and the weighbridge demo's weighings go back this many days. */
const LABOUR_DAYS = 60;
const WEIGHING_DAYS = 40;

interface DemoContract {
  key: string;
  name: string;
  number: string;
  party: string;
  amount: number;
  signed: number;
  /** Its months: it starts `start` months into the 24 and lasts `duration`. */
  start: number;
  duration: number;
}

interface DemoSite {
  project: string;
  key: string;
  seed: number;
  contracts: DemoContract[];
  /** Items of the entered costs per category: name, vendor, share of the month's output. */
  machinery: [string, string, number][];
  subcontract: [string, string, number][];
  /** Weighed materials and their price (元 per t, ready-mix per m³), the rebar price from six months ago. */
  prices: [string, 't' | 'm3', number][];
}

const SITES: DemoSite[] = [
  {
    project: 'project-binjiang',
    key: 'bj',
    seed: 2026_1101,
    contracts: [
      {
        key: 'main',
        name: '滨江花园住宅工程施工总承包合同',
        number: 'HT-BJ-2024-001',
        party: '杭州滨江置业有限公司',
        amount: 486_320_000,
        signed: -1,
        start: 0,
        duration: 30,
      },
      {
        key: 'civil-defence',
        name: '地下室人防工程补充协议',
        number: 'HT-BJ-2025-002',
        party: '杭州滨江置业有限公司',
        amount: 18_650_000.5,
        signed: 7,
        start: 8,
        duration: 10,
      },
    ],
    machinery: [
      ['塔吊租赁费（4台）', '浙江建机租赁有限公司', 0.048],
      ['施工电梯租赁费', '杭州升安机械设备有限公司', 0.012],
      ['挖掘机、装载机台班费', '杭州滨盛土方工程有限公司', 0.018],
    ],
    subcontract: [
      ['桩基工程分包结算', '浙江大地岩土工程有限公司', 0.045],
      ['铝合金门窗分包结算', '杭州恒亚门窗幕墙有限公司', 0.03],
      ['消防安装分包结算', '浙江安泰消防工程有限公司', 0.02],
    ],
    prices: [
      ['ready-mix', 'm3', 485],
      ['rebar', 't', 3860],
      ['sand', 't', 118],
      ['block', 't', 265],
      ['cement', 't', 515],
    ],
  },
  {
    project: 'project-expressway',
    key: 'ew',
    seed: 2026_1102,
    contracts: [
      {
        key: 'main',
        name: '城市快速路主线高架土建工程施工合同',
        number: 'HT-KSL-2024-011',
        party: '广州市城市建设投资集团有限公司',
        amount: 612_880_000,
        signed: -2,
        start: 0,
        duration: 28,
      },
      {
        key: 'traffic',
        name: '交通导改及附属工程施工合同',
        number: 'HT-KSL-2025-016',
        party: '广州市城市建设投资集团有限公司',
        amount: 24_500_000,
        signed: 3,
        start: 4,
        duration: 16,
      },
    ],
    machinery: [
      ['履带吊、汽车吊租赁费', '广东粤港吊装工程有限公司', 0.04],
      ['旋挖钻机台班费', '广州穗桩机械施工有限公司', 0.025],
      ['架桥机租赁费', '中铁工程装备集团租赁分公司', 0.015],
    ],
    subcontract: [
      ['钻孔灌注桩劳务分包结算', '广东华基桩基工程有限公司', 0.05],
      ['预应力张拉分包结算', '广州市预应力工程技术有限公司', 0.02],
      ['交通安全设施分包结算', '广东路安交通设施有限公司', 0.015],
    ],
    prices: [
      ['gravel', 't', 108],
      ['sand', 't', 125],
      ['cement', 't', 520],
      ['asphalt', 't', 455],
      ['rebar', 't', 3880],
    ],
  },
  {
    project: 'project-highway',
    key: 'hw',
    seed: 2026_1103,
    contracts: [
      {
        key: 'main',
        name: '沿海高速公路土建工程第3合同段施工合同',
        number: 'HT-YHGS-2024-T03',
        party: '广东沿海高速公路投资有限公司',
        amount: 935_600_000,
        signed: -3,
        start: 0,
        duration: 36,
      },
      {
        key: 'greening',
        name: '沿海高速公路绿化及交安工程施工合同',
        number: 'HT-YHGS-2025-L02',
        party: '广东沿海高速公路投资有限公司',
        amount: 41_200_000,
        signed: 13,
        start: 14,
        duration: 14,
      },
    ],
    machinery: [
      ['摊铺机、压路机台班费', '广东顺通路面机械有限公司', 0.03],
      ['挖掘机、自卸车台班费', '汕尾市通达土石方工程有限公司', 0.035],
      ['架桥机租赁费', '中交路桥装备租赁有限公司', 0.012],
    ],
    subcontract: [
      ['涵洞及通道劳务分包结算', '广东宏路建设劳务有限公司', 0.03],
      ['路基防护工程分包结算', '广东绿坡生态工程有限公司', 0.025],
      ['隧道二衬劳务分包结算', '四川川隧工程劳务有限公司', 0.03],
    ],
    prices: [
      ['gravel', 't', 102],
      ['sand', 't', 112],
      ['ready-mix', 'm3', 468],
      ['rebar', 't', 3840],
      ['steel', 't', 4320],
      ['cement', 't', 505],
    ],
  },
];

/** Target cost of each category as a share of the month's planned output (a 14 % margin overall). */
const TARGET_SHARE: [string, number][] = [
  ['labour', 0.2],
  ['material', 0.44],
  ['machinery', 0.07],
  ['subcontract', 0.1],
  ['other', 0.05],
];

/** 元 with two decimals from a figure in 元 (the cents as a site's figures carry them). */
const cents = (yuan: number) => Math.round(yuan * 100) / 100;

/** The share of a contract's value done by the end of month `t` of `duration` (an S-curve: slow, fast, slow). */
function sCurve(t: number, duration: number): number {
  const x = Math.min(Math.max(t / duration, 0), 1);
  return x * x * (3 - 2 * x);
}

function dayMonth(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 7);
}

interface SiteRecords {
  contracts: Record<string, unknown>[];
  outputs: Record<string, unknown>[];
  targets: Record<string, unknown>[];
  costs: Record<string, unknown>[];
  prices: Record<string, unknown>[];
}

function siteRecords(site: DemoSite, today: string): SiteRecords {
  const random: DemoRandom = seededRandom(site.seed);
  const current = today.slice(0, 7);
  const first = addMonths(current, -(MONTHS - 1));
  const monthAt = (index: number) => addMonths(first, index);
  const labourFrom = dayMonth(today, LABOUR_DAYS);
  const weighingFrom = dayMonth(today, WEIGHING_DAYS);
  const records: SiteRecords = { contracts: [], outputs: [], targets: [], costs: [], prices: [] };
  const plannedByMonth = new Array<number>(MONTHS).fill(0);
  const actualByMonth = new Array<number>(MONTHS).fill(0);

  for (const contract of site.contracts) {
    const id = `econ-contract-${site.key}-${contract.key}`;
    records.contracts.push({
      id,
      name: contract.name,
      number: contract.number,
      amount: contract.amount,
      party: contract.party,
      signedDate: `${monthAt(Math.max(contract.signed, -12))}-${String(random.int(5, 25)).padStart(2, '0')}`,
    });
    for (let index = contract.start; index < MONTHS && index < contract.start + contract.duration; index += 1) {
      const t = index - contract.start;
      const planned = cents(contract.amount * (sCurve(t + 1, contract.duration) - sCurve(t, contract.duration)));
      const month = monthAt(index);
      const age = MONTHS - 1 - index; // 0: this month
      // Rain, a design change, a good month: actual output within −18 % .. +12 % of the plan.
      const actual = age === 0 ? undefined : cents(planned * random.between(0.82, 1.12));
      plannedByMonth[index] += planned;
      actualByMonth[index] += actual ?? planned;
      records.outputs.push({
        id: `econ-output-${site.key}-${contract.key}-${month}`,
        contract: id,
        month,
        planned,
        ...(actual === undefined ? {} : { actual }),
        ...(actual !== undefined && age >= 2 ? { confirmedActual: actual } : {}),
        ...(age === 1 ? { remarks: '月末已填报，待产值月报审批确认' } : {}),
        ...(age === 0 ? { remarks: '本月实际产值月末填报' } : {}),
      });
    }
  }

  for (let index = 0; index < MONTHS; index += 1) {
    const month = monthAt(index);
    for (const [category, share] of TARGET_SHARE)
      records.targets.push({
        id: `econ-target-${site.key}-${category}-${month}`,
        category,
        month,
        amount: cents(plannedByMonth[index] * share),
      });
    // Costs follow the work done, not the plan; this month's as far as booked.
    const done = actualByMonth[index] * (index === MONTHS - 1 ? 0.6 : 1);
    const cost = (category: string, item: string, vendor: string, yuan: number, n: number) =>
      records.costs.push({
        id: `econ-cost-${site.key}-${category}-${n}-${month}`,
        category,
        month,
        item,
        vendor,
        amount: cents(yuan),
      });
    site.machinery.forEach(([item, vendor, share], n) =>
      cost('machinery', item, vendor, done * share * random.between(0.85, 1.25), n),
    );
    site.subcontract.forEach(([item, vendor, share], n) =>
      cost('subcontract', item, vendor, done * share * random.between(0.9, 1.2), n),
    );
    cost('other', '临时设施及安全文明施工费', '', done * 0.03 * random.between(0.8, 1.3), 0);
    cost('other', '现场管理费', '', done * 0.018 * random.between(0.9, 1.1), 1);
    // Before the labour and weighbridge records begin, 人工费 and 材料费 come from the settlements of those months.
    if (month < labourFrom)
      cost('labour', '劳务工资结算（实名制考勤上线前）', '', done * 0.2 * random.between(0.92, 1.12), 0);
    else cost('labour', '劳务分包班组计量（清包工）', '', done * 0.16 * random.between(0.9, 1.1), 1);
    if (month < weighingFrom)
      cost('material', '材料结算（地磅上线前）', '', done * 0.44 * random.between(0.94, 1.1), 0);
    else cost('material', '防水卷材、五金等不过磅材料', '', done * 0.06 * random.between(0.8, 1.2), 1);
  }

  for (const [material, unit, price] of site.prices) {
    records.prices.push({ id: `econ-price-${site.key}-${material}-0`, material, unit, price, fromMonth: first });
    // Steel moves with the market: a new rebar price six months ago.
    if (material === 'rebar' || material === 'steel')
      records.prices.push({
        id: `econ-price-${site.key}-${material}-1`,
        material,
        unit,
        price: cents(price * 0.94),
        fromMonth: addMonths(current, -5),
        remark: '钢材市场价下调后重新议价',
      });
  }
  return records;
}

function allSites(): { site: DemoSite; records: SiteRecords }[] {
  const today = chinaDate(new Date());
  return SITES.map((site) => ({ site, records: siteRecords(site, today) }));
}

export function demoData(): ModuleSeedFile[] {
  const sites = allSites();
  const seed = (collection: string, pick: (records: SiteRecords) => Record<string, unknown>[]): ModuleSeedFile => ({
    kind: 'module-seed',
    collection,
    projects: Object.fromEntries(sites.map(({ site, records }) => [site.project, pick(records)])),
  });
  return [
    seed('economics-contract', (records) => records.contracts),
    seed('economics-output', (records) => records.outputs),
    seed('economics-target-cost', (records) => records.targets),
    seed('economics-cost', (records) => records.costs),
    seed('economics-material-price', (records) => records.prices),
  ];
}

/** Last month's 产值月报 of the main contract: waiting for 张经理 on one project, approved on another. */
export function demoApprovals(): DemoApproval[] {
  const sites = allSites();
  const last = addMonths(chinaDate(new Date()).slice(0, 7), -1);
  const report = (index: number): Record<string, unknown> => {
    const { site, records } = sites[index];
    const output = records.outputs.find((row) => row.id === `econ-output-${site.key}-main-${last}`);
    return {
      outputId: output?.id,
      title: `${last} ${site.contracts[0].name}产值月报`,
      actual: output?.actual,
      remarks: '本月完成情况详见形象进度照片，偏差原因已在周例会说明',
    };
  };
  return [
    {
      process: 'economics-output-report',
      starter: 'user-staff',
      project: SITES[0].project,
      form: report(0),
      steps: [],
    },
    {
      process: 'economics-output-report',
      starter: 'user-staff',
      project: SITES[1].project,
      form: report(1),
      steps: [{ by: 'user-manager', do: 'approve', comment: '与监理计量一致，同意' }],
    },
  ];
}
