/**
 * The age rule of the real-name system: who may work on site by age and sex, stricter for the special trades
 * (特种作业). Each company sets its own limits (劳务管理 / 年龄规则, age-rules.ts); a company that sets none follows the
 * module's settings (module.json `config`, PORTAL_LABOUR_AGE_*), whose defaults follow these sources:
 * - the lower limit 18: 《劳动法》第十五条 forbids employing anyone under 16, and 《建筑施工特种作业人员管理规定》
 *   (建质〔2008〕75号) 第九条 and 《特种作业人员安全技术培训考核管理规定》(原安监总局令第30号) 第四条 require 年满18周岁
 *   for special work; sites apply 18 to every worker, as the provincial rules below do;
 * - men 60, women 50: the provincial and municipal notices on 超龄人员 on building sites (上海、天津、江苏 and others
 *   since 2021: no man over 60 and no woman over 50 doing construction work on site);
 * - special trades men 55, women 50: the same notices bar older workers from high-risk work (heights, lifting,
 *   hot work), and 30号令 第四条 caps special work at the statutory retirement age; 55 / 50 is the common contract
 *   condition of general contractors for 特种作业, kept configurable because provinces differ.
 * The rule is pure: the caller passes the company's limits and the day.
 */
import { ageOn, type ModuleSettings } from '../../../src/server/module-api.js';

/** Trades that are 特种作业 and need a valid special-operation certificate (建质〔2008〕75号, 30号令). */
export const SPECIAL_TRADES: ReadonlySet<string> = new Set([
  'welder',
  'electrician',
  'crane-operator',
  'signalman',
  'scaffold',
]);

export interface AgeLimits {
  min: number;
  maleMax: number;
  femaleMax: number;
  specialMaleMax: number;
  specialFemaleMax: number;
  /** Registration refuses (true) or only warns (false) on a worker outside the limits. */
  refuseRegistration: boolean;
}

export const DEFAULT_AGE_LIMITS: AgeLimits = {
  min: 18,
  maleMax: 60,
  femaleMax: 50,
  specialMaleMax: 55,
  specialFemaleMax: 50,
  refuseRegistration: false,
};

const integer = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** The limits of the module's settings (module.json `config`), the defaults where one is unset. */
export function ageLimits(settings: ModuleSettings): AgeLimits {
  const d = DEFAULT_AGE_LIMITS;
  return {
    min: integer(settings.ageMin, d.min),
    maleMax: integer(settings.ageMaleMax, d.maleMax),
    femaleMax: integer(settings.ageFemaleMax, d.femaleMax),
    specialMaleMax: integer(settings.specialAgeMaleMax, d.specialMaleMax),
    specialFemaleMax: integer(settings.specialAgeFemaleMax, d.specialFemaleMax),
    refuseRegistration: settings.ageRefuse === true,
  };
}

export interface AgeVerdict {
  age: number;
  male: boolean;
  special: boolean;
  min: number;
  max: number;
  /** Why the worker is outside the rule (shown to people), or null when inside. */
  problem: string | null;
}

/** Birth date and sex of an 18-digit ID number (its 7th-14th digits, and its 17th: odd for a man). */
function idFacts(idCardNumber: string): { birth: string; male: boolean } | null {
  const match = /^\d{6}(\d{4})(\d{2})(\d{2})\d{2}(\d)[\dXx]$/.exec(idCardNumber);
  if (!match) return null;
  return { birth: `${match[1]}-${match[2]}-${match[3]}`, male: Number(match[4]) % 2 === 1 };
}

/** The rule's verdict on a worker of this ID number and trade on `day`; null for an ID number it cannot read. */
export function judgeAge(idCardNumber: string, trade: string, limits: AgeLimits, day: Date): AgeVerdict | null {
  const facts = idFacts(idCardNumber);
  if (!facts) return null;
  const age = ageOn(facts.birth, day);
  const special = SPECIAL_TRADES.has(trade);
  const max = special
    ? facts.male
      ? limits.specialMaleMax
      : limits.specialFemaleMax
    : facts.male
      ? limits.maleMax
      : limits.femaleMax;
  const who = `${facts.male ? '男' : '女'}性${special ? '特种作业人员' : ''}`;
  const problem =
    age < limits.min
      ? `年龄${age}岁，未满${limits.min}周岁`
      : age > max
        ? `年龄${age}岁，超过${who}${max}周岁的上限`
        : null;
  return { age, male: facts.male, special, min: limits.min, max, problem };
}
