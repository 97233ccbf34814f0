/**
 * The computed-field vocabulary of collection files (src/shared/collections.ts). Write-time fields are derived
 * from the record's own fields when it is saved and stored, so lists can filter and group by them (sex, birthday
 * and native province from an ID number); read-time fields change with the clock and are added to every record
 * read (age, days until a certificate expires, whether a deadline has passed).
 */
import type { CollectionFile, ComputedField, LimitCheck } from '../../shared/collections.js';
import { ageOn, chinaDate, daysBetween } from '../lib/china-time.js';
import { parseIdCard } from '../lib/id-card.js';
import { invalidField } from '../domain-error.js';

/** GB/T 2260 province-level codes: the first two digits of an ID number. */
// prettier-ignore
const PROVINCES: Record<string, string> = {
  '11': '北京市', '12': '天津市', '13': '河北省', '14': '山西省', '15': '内蒙古自治区',
  '21': '辽宁省', '22': '吉林省', '23': '黑龙江省',
  '31': '上海市', '32': '江苏省', '33': '浙江省', '34': '安徽省', '35': '福建省', '36': '江西省', '37': '山东省',
  '41': '河南省', '42': '湖北省', '43': '湖南省', '44': '广东省', '45': '广西壮族自治区', '46': '海南省',
  '50': '重庆市', '51': '四川省', '52': '贵州省', '53': '云南省', '54': '西藏自治区',
  '61': '陕西省', '62': '甘肃省', '63': '青海省', '64': '宁夏回族自治区', '65': '新疆维吾尔自治区',
  '71': '台湾省', '81': '香港特别行政区', '82': '澳门特别行政区',
};

export function provinceOf(idNumber: string): string | undefined {
  return PROVINCES[idNumber.slice(0, 2)];
}

type Values = Record<string, unknown>;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Hours from one `HH:mm` to the next time the clock shows the other, to a tenth; null when one is missing or equal. */
export function hoursBetween(from: unknown, to: unknown): number | null {
  const start = typeof from === 'string' ? CLOCK.exec(from) : null;
  const end = typeof to === 'string' ? CLOCK.exec(to) : null;
  if (!start || !end) return null;
  const minutes = Number(end[1]) * 60 + Number(end[2]) - (Number(start[1]) * 60 + Number(start[2]));
  // An end earlier on the clock than the start is the next day's (a night shift from 20:00 to 06:00: 10 hours).
  const elapsed = minutes < 0 ? minutes + 24 * 60 : minutes;
  return elapsed > 0 ? Math.round(elapsed / 6) / 10 : null;
}

/** `from` minus each of `subtract`, to three decimals (a kilogram of a weight in tonnes); null when one is missing. */
export function difference(from: unknown, subtract: readonly unknown[]): number | null {
  const numbers = [from, ...subtract];
  if (!numbers.every((value) => typeof value === 'number' && Number.isFinite(value))) return null;
  const [first, ...rest] = numbers as number[];
  // `+ 0` turns a rounded -0 into 0.
  return Math.round((first - rest.reduce((sum, value) => sum + value, 0)) * 1000) / 1000 + 0;
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** π·(d/2)²·L in m³ to three decimals, `diameter` in mm and `length` in m; null when either is missing. */
export function cylinderVolume(diameter: unknown, length: unknown): number | null {
  if (!finite(diameter) || !finite(length)) return null;
  const radius = diameter / 2000;
  return Math.round(Math.PI * radius * radius * length * 1000) / 1000;
}

/** `from / over` (times 100 for a percentage) to `digits` decimals; null when either is missing or `over` is 0. */
export function ratio(from: unknown, over: unknown, percent = false, digits = 2): number | null {
  if (!finite(from) || !finite(over) || over === 0) return null;
  const scale = 10 ** digits;
  // `+ 0` turns a rounded -0 into 0.
  return Math.round((from / over) * (percent ? 100 : 1) * scale) / scale + 0;
}

/** The messages of the checks `values` fail, joined by "；"; null when none fails (see the `limits` op). */
export function failedLimits(checks: readonly LimitCheck[], values: Values): string | null {
  const reasons: string[] = [];
  for (const check of checks) {
    const value = values[check.field];
    if (!finite(value)) continue;
    if (check.when && !check.when.values.includes(String(values[check.when.field] ?? ''))) continue;
    if ((check.min !== undefined && value < check.min) || (check.max !== undefined && value > check.max))
      reasons.push(check.message.replaceAll('{value}', String(value)));
  }
  return reasons.length > 0 ? reasons.join('；') : null;
}

/** The fields a limits check reads: the value and, with `when`, the field it depends on. */
function limitSources(checks: readonly LimitCheck[]): string[] {
  return checks.flatMap((check) => (check.when ? [check.field, check.when.field] : [check.field]));
}

/**
 * The fields the arithmetic computed fields read (a difference, a ratio, limits...): a partial write that changes
 * one of them (an approved correction of the gross weight) carries the others as stored, so every figure that
 * depends on them is computed again from whole values rather than from the written ones alone.
 */
export function arithmeticSources(file: CollectionFile): string[] {
  const sources = Object.values(file.computed ?? {}).flatMap((field): string[] => {
    switch (field.op) {
      case 'hoursBetween':
        return [field.from, field.to];
      case 'difference':
        return [field.from, ...field.subtract];
      case 'cylinderVolume':
        return [field.from, ...field.length];
      case 'ratio':
        return [field.from, field.over];
      case 'limits':
        return limitSources(field.checks);
      default:
        return [];
    }
  });
  return [...new Set(sources)];
}

/**
 * Sets the write-time computed fields of `values` (in place) that need nothing but the values (`creating`: the
 * values of a new record, where a missing field is empty rather than left as stored); an ID number that fails its
 * check is -400. `lookup` fields need the database: CollectionRecords fills them.
 */
export function applyStoredComputed(file: CollectionFile, values: Values, now: Date, creating = false): void {
  for (const [name, field] of Object.entries(file.computed ?? {})) {
    if (field.op === 'hoursBetween') {
      // A partial write (a gate's clock-out alone) that touches neither end leaves the stored hours alone.
      if (Object.hasOwn(values, field.from) || Object.hasOwn(values, field.to))
        values[name] = hoursBetween(values[field.from], values[field.to]);
      continue;
    }
    if (field.op === 'difference') {
      const sources = [field.from, ...field.subtract];
      if (sources.some((source) => Object.hasOwn(values, source)))
        values[name] = difference(
          values[field.from],
          field.subtract.map((source) => values[source]),
        );
      continue;
    }
    // These read fields computed before them too (理论方量, then 充盈系数): a write recomputes them when it holds a
    // field they read, as the fields before them were recomputed the same way.
    if (field.op === 'cylinderVolume') {
      if ([field.from, ...field.length].some((source) => Object.hasOwn(values, source))) {
        const length = field.length.map((source) => values[source]).find(finite);
        values[name] = cylinderVolume(values[field.from], length);
      }
      continue;
    }
    if (field.op === 'ratio') {
      if (Object.hasOwn(values, field.from) || Object.hasOwn(values, field.over))
        values[name] = ratio(values[field.from], values[field.over], field.percent, field.digits);
      continue;
    }
    if (field.op === 'limits') {
      if (creating || limitSources(field.checks).some((source) => Object.hasOwn(values, source)))
        values[name] = failedLimits(field.checks, values);
      continue;
    }
    if (field.op === 'in') {
      // A new record without the field is not among the values; a write that leaves it out keeps what is stored.
      if (Object.hasOwn(values, field.from) || creating)
        values[name] = field.values.includes(String(values[field.from] ?? ''));
      continue;
    }
    if (field.op !== 'idCardSex' && field.op !== 'idCardBirthday' && field.op !== 'idCardProvince') continue;
    const raw = values[field.from];
    if (typeof raw !== 'string' || raw === '') {
      values[name] = null;
      continue;
    }
    const facts = parseIdCard(raw, now);
    const title = file.schema.properties[field.from]?.title ?? field.from;
    if (!facts) throw invalidField(field.from, `${title}不正确（校验位或出生日期不符）`);
    values[field.from] = facts.normalized;
    values[name] =
      field.op === 'idCardSex' ? facts.sex : field.op === 'idCardBirthday' ? facts.birthday : (provinceOf(raw) ?? null);
  }
}

function readValue(
  field: Exclude<ComputedField, { op: 'limits' }>,
  record: Values,
  statusField: string | undefined,
  now: Date,
): unknown {
  const source = record[field.from];
  if (typeof source !== 'string' || source === '') return null;
  const day = source.slice(0, 10);
  switch (field.op) {
    case 'age':
      return ageOn(day, now);
    case 'daysUntil':
      return daysBetween(chinaDate(now), day);
    case 'overdue': {
      const status = statusField ? record[statusField] : undefined;
      if (typeof status === 'string' && field.unlessStatus.includes(status)) return false;
      return day < chinaDate(now);
    }
    default:
      return record[field.from];
  }
}

/** Adds the read-time computed fields to a record as it leaves the server. */
export function withReadComputed(file: CollectionFile, record: Values, now: Date): Values {
  const computed = file.computed ?? {};
  for (const [name, field] of Object.entries(computed)) {
    if (field.op === 'age' || field.op === 'daysUntil' || field.op === 'overdue')
      record[name] = readValue(field, record, file.status?.field, now);
  }
  return record;
}
