/**
 * The demo records of the labour module beside the registry and the attendance (demo-data.ts): each project's
 * 班组 with their leaders, every worker's certificates (a special trade's from the registry, with the expiring and
 * the lapsed ones, and some workers' 职业技能等级证书) and 劳动合同, the project's wage account, last month's
 * wage ledger (paid through that account, a few not yet in full), and gate refusals of every reason. Made from
 * fixed seeds like the rest; the wage month and the refusals' times are those of the day of seeding, as the
 * relative days of the attendance are.
 */
import {
  chinaDate,
  idCardCheckChar,
  relativeDay,
  seededRandom,
  type DailySeedRow,
} from '../../../src/server/module-api.js';
import { DEFAULT_AGE_LIMITS, judgeAge, SPECIAL_TRADES } from './age-rule.js';

type Row = Record<string, unknown>;

const BANKS = ['中国农业银行', '中国建设银行', '中国工商银行', '中国邮政储蓄银行', '中国银行'];
const WAGE_ACCOUNTS = [
  { bank: '中国建设银行杭州滨江支行', accountName: '浙江钱塘建设集团有限公司滨江项目部' },
  { bank: '中国工商银行杭州萧山支行', accountName: '浙江交工集团股份有限公司杭绍甬项目部' },
  { bank: '中国农业银行绍兴柯桥支行', accountName: '浙江交工集团股份有限公司G104改建项目部' },
];
/** Daily wages by trade (yuan, 2026 rates of the Yangtze delta); a crane operator is paid by the month. */
const DAILY_RATE: Record<string, number> = {
  rebar: 380,
  formwork: 400,
  concrete: 330,
  mason: 350,
  scaffold: 420,
  welder: 450,
  electrician: 430,
  plumber: 380,
  signalman: 350,
  painter: 320,
  labourer: 260,
};
const CRANE_MONTHLY = 12_000;

/** The offset (days from the day of seeding) of a relative day `@day-12`. */
const offsetOf = (relative: unknown) => Number(String(relative).replace('@day', ''));
const DAY_MS = 86_400_000;

/** The China date `offset` days from `today` ('yyyy-MM-dd'). */
function dateAt(today: string, offset: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** Bank cards of the registry's workers (a separate seed, so the registry's own draws stay as they were). */
export function withBankCards(projectIndex: number, workers: Row[]): Row[] {
  const random = seededRandom(5000 + projectIndex);
  return workers.map((worker) => ({
    ...worker,
    bankName: random.pick(BANKS),
    bankCard: `6228${String(random.int(100_000, 999_999))}${String(random.int(100_000_000, 999_999_999))}`,
  }));
}

/** The project's teams: one per team name of the registry, led by its longest-serving worker on site. */
export function demoTeams(workers: Row[]): Row[] {
  const teams = new Map<string, Row[]>();
  for (const worker of workers) teams.set(String(worker.team), [...(teams.get(String(worker.team)) ?? []), worker]);
  return [...teams].map(([name, members], index) => {
    const onSite = members.filter((worker) => worker.status === 'onSite' && worker.blacklisted !== true);
    const leader = [...onSite].sort((a, b) => offsetOf(a.entryDate) - offsetOf(b.entryDate))[0];
    const trades = new Map<string, number>();
    for (const member of members) trades.set(String(member.trade), (trades.get(String(member.trade)) ?? 0) + 1);
    const trade = [...trades].sort((a, b) => b[1] - a[1])[0][0];
    return {
      id: `team-${String(members[0].id).split('-')[1]}-${String(index + 1).padStart(2, '0')}`,
      name,
      trade,
      ...(leader ? { leader: leader.id } : {}),
      subcontractor: members[0].subcontractor,
    };
  });
}

/** Certificates: a special trade's from the registry's own fields, and a skill certificate for some others. */
export function demoCertificates(projectIndex: number, workers: Row[]): Row[] {
  const random = seededRandom(5200 + projectIndex);
  const rows: Row[] = [];
  for (const worker of workers) {
    if (typeof worker.certName === 'string') {
      const welder = worker.trade === 'welder';
      const expiry = offsetOf(worker.certExpiry);
      rows.push({
        id: `cert-${String(worker.id).slice(7)}-1`,
        worker: worker.id,
        type: welder ? 'special-safety' : 'special-building',
        operation: worker.certName,
        number: worker.certNumber,
        authority: welder ? '浙江省应急管理厅' : '浙江省住房和城乡建设厅',
        // Special-operation certificates are valid six years (30号令 第二十一条, 建质〔2008〕75号 第二十二条 两年复核).
        issueDate: relativeDay(expiry - 6 * 365),
        expiryDate: worker.certExpiry,
      });
    }
    if (random.next() < 0.15)
      rows.push({
        id: `cert-${String(worker.id).slice(7)}-2`,
        worker: worker.id,
        type: 'skill',
        operation: `${worker.trade === 'labourer' ? '建筑' : ''}职业技能等级证书（四级/中级工）`,
        number: `S${String(random.int(1_000_000_000, 9_999_999_999))}`,
        authority: '浙江省建设行业职业技能鉴定站',
        issueDate: relativeDay(-random.int(400, 2000)),
        expiryDate: relativeDay(random.int(300, 1500)),
      });
  }
  return rows;
}

/** A contract per worker: signed the day before entry, for one year or until the work is done. */
export function demoContracts(workers: Row[]): Row[] {
  return workers.map((worker, index) => {
    const entry = offsetOf(worker.entryDate);
    const monthly = worker.trade === 'crane-operator';
    return {
      id: `contract-${String(worker.id).slice(7)}`,
      worker: worker.id,
      number: `HT-${String(worker.id).slice(7)}`,
      signedDate: relativeDay(entry - 1),
      termStart: worker.entryDate,
      ...(index % 4 === 3 ? {} : { termEnd: relativeDay(entry + 365) }),
      wageType: monthly ? 'monthly' : 'daily',
      wageRate: monthly ? CRANE_MONTHLY : DAILY_RATE[String(worker.trade)],
    };
  });
}

export function demoWageAccount(projectIndex: number): Row {
  return {
    id: `wage-account-${projectIndex + 1}`,
    ...WAGE_ACCOUNTS[projectIndex],
    accountNumber: `3305016${String(projectIndex + 1).padStart(2, '0')}6270000${String(1200 + projectIndex)}`,
    openedDate: relativeDay(-200),
    remark: '农民工工资专用账户，仅用于支付本项目农民工工资',
  };
}

/** The month before today's ('yyyy-MM') and its first and last day. */
function lastMonth(today: string): { month: string; first: string; last: string } {
  const [year, month] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return {
    month: first.toISOString().slice(0, 7),
    first: first.toISOString().slice(0, 10),
    last: last.toISOString().slice(0, 10),
  };
}

/**
 * Last month's wages: each worker who worked in it, paid on the 15th of this month through the project's wage
 * account (the 条例 第十二条 pays at least monthly); the 工日 are counted here from the attendance rows as the
 * seeding expands them, so what was paid matches what was due, except a few paid in part.
 */
export function demoWages(
  projectIndex: number,
  workers: Row[],
  attendance: DailySeedRow[],
  attendanceDays: number,
  today: string,
): Row[] {
  const random = seededRandom(5400 + projectIndex);
  const { month, first, last } = lastMonth(today);
  const start = dateAt(today, -attendanceDays);
  const byId = new Map(workers.map((worker) => [worker.id, worker]));
  const payDay = `${today.slice(0, 7)}-15` <= today ? `${today.slice(0, 7)}-15` : today;
  const rows: Row[] = [];
  for (const row of attendance) {
    const worker = byId.get(row.worker);
    if (!worker) continue;
    const from = row.from ? dateAt(today, offsetOf(row.from)) : start;
    const to = row.to ? dateAt(today, offsetOf(row.to)) : today;
    const skipped = new Set(row.skip ?? []);
    let days = 0;
    for (let offset = 0; offset <= attendanceDays; offset += 1) {
      const date = dateAt(start, offset);
      if (date >= first && date <= last && date >= from && date <= to && !skipped.has(offset)) days += 1;
    }
    if (days === 0) continue;
    const monthly = worker.trade === 'crane-operator';
    const rate = monthly ? CRANE_MONTHLY : DAILY_RATE[String(worker.trade)];
    const due = monthly ? rate : rate * days;
    const short = random.next() < 0.04;
    rows.push({
      id: `wage-${String(worker.id).slice(7)}-${month}`,
      worker: worker.id,
      month,
      wageType: monthly ? 'monthly' : 'daily',
      wageRate: rate,
      paid: short ? Math.round(due * 0.8) : due,
      payDate: payDay,
      account: `wage-account-${projectIndex + 1}`,
      ...(short ? { remark: '本月先付八成，余款随下月工资补发' } : {}),
    });
  }
  return rows;
}

/** Someone not registered anywhere (valid ID number), whom a gate refuses as unknown. */
function stranger(projectIndex: number): string {
  const first17 = `41052219780612${String(351 + projectIndex * 2)}`;
  return `${first17}${idCardCheckChar(first17)}`;
}

/**
 * Refused passes of the last days, every reason: blacklisted, left, without 三级安全教育 (the first worker the
 * safety module's demo leaves without it cannot be known here: a recent arrival stands for one), an expired
 * certificate, outside the age rule, unknown.
 */
export function demoRefusals(projectIndex: number, workers: Row[], gateId: string, today: string): Row[] {
  const at = (daysAgo: number, clock: string) => new Date(`${dateAt(today, -daysAgo)}T${clock}:00+08:00`).toISOString();
  const find = (test: (worker: Row) => boolean) => workers.find(test);
  const now = new Date(`${today}T12:00:00+08:00`);
  const refusals: { worker?: Row; idCardNumber?: string; code: string; reason: string }[] = [];
  const blacklisted = find((worker) => worker.blacklisted === true) ?? workers[7];
  refusals.push({
    worker: blacklisted,
    code: 'blacklisted',
    reason: `该人员已列入黑名单（${String(blacklisted.blacklistReason ?? '多次违反安全操作规程，拒不整改')}），禁止通行`,
  });
  const left = find((worker) => worker.status === 'left');
  if (left) refusals.push({ worker: left, code: 'left-site', reason: '该人员已退场，禁止通行' });
  const recent = [...workers]
    .filter((worker) => worker.status === 'onSite' && !worker.blacklisted)
    .sort((a, b) => offsetOf(b.entryDate) - offsetOf(a.entryDate))[0];
  refusals.push({ worker: recent, code: 'no-safety-education', reason: '未完成三级安全教育，禁止通行' });
  const lapsed = find((worker) => typeof worker.certExpiry === 'string' && offsetOf(worker.certExpiry) < 0);
  if (lapsed)
    refusals.push({
      worker: lapsed,
      code: 'certificate-expired',
      reason: `特种作业证（${String(lapsed.certName)}）已于${dateAt(today, offsetOf(lapsed.certExpiry))}过期，禁止通行`,
    });
  const aged = find((worker) => {
    const verdict = judgeAge(String(worker.idCardNumber), String(worker.trade), DEFAULT_AGE_LIMITS, now);
    return Boolean(verdict?.problem) && worker.status === 'onSite';
  });
  if (aged) {
    const verdict = judgeAge(String(aged.idCardNumber), String(aged.trade), DEFAULT_AGE_LIMITS, now);
    refusals.push({ worker: aged, code: 'age-out-of-range', reason: `${String(verdict?.problem)}，禁止通行` });
  }
  const uncertified = find(
    (worker) => SPECIAL_TRADES.has(String(worker.trade)) && worker.certName === undefined && worker.status === 'onSite',
  );
  if (uncertified)
    refusals.push({
      worker: uncertified,
      code: 'certificate-missing',
      reason: '特种作业人员无特种作业操作证，禁止通行',
    });
  refusals.push({
    idCardNumber: stranger(projectIndex),
    code: 'unknown-worker',
    reason: '未在本项目实名登记的人员，禁止通行',
  });
  const clocks = ['06:52', '07:18', '07:41', '12:57', '18:05'];
  // Each refusal twice or three times over the last week, as a refused worker tries again.
  return refusals.flatMap((refusal, index) =>
    [0, 1, 2].slice(0, 2 + (index % 2)).map((attempt) => ({
      id: `pass-${projectIndex + 1}-refused-${index + 1}-${attempt + 1}`,
      gate: gateId,
      nonce: `demo${projectIndex + 1}r${index + 1}a${attempt + 1}nonce`,
      ...(refusal.worker ? { worker: refusal.worker.id, idCardNumber: refusal.worker.idCardNumber } : {}),
      ...(refusal.idCardNumber ? { idCardNumber: refusal.idCardNumber } : {}),
      time: at(1 + attempt * 2 + (index % 3), clocks[(index + attempt) % clocks.length]),
      direction: 'in',
      result: 'refused',
      reason: refusal.reason,
      code: refusal.code,
    })),
  );
}

/** Today's China date, for the records whose dates cannot be relative days (a month, a time of day). */
export const seedingDay = (): string => chinaDate(new Date());
