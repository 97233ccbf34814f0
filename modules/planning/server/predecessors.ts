/**
 * The predecessors of a task as planners type them in MS Project's 前置任务 column: each predecessor by its row
 * number (序号), the relation (FS when left out) and the lag in working days, separated by commas:
 * `3`, `3FS+2`, `5SS`, `7FF-1`, `2SF+3天`. The schedule stores relations by task id; this text is only how they
 * are shown and typed, so renumbering the rows never breaks one.
 */
import { LINK_TYPES, type LinkType } from './cpm.js';

export interface PredecessorEntry {
  seq: number;
  type: LinkType;
  lag: number;
}

export const MAX_LAG_DAYS = 3650;

const ENTRY =
  /^(\d{1,6})\s*(FS|SS|FF|SF)?\s*(?:([+＋\-－])\s*(\d{1,4})(?:\.0+)?\s*(?:d|D|天|日|个工作日|工作日|days?|edays?)?)?$/i;

/** Reads `text`; an entry it cannot read is a Chinese message naming it. */
export function parsePredecessors(text: string): { entries: PredecessorEntry[]; errors: string[] } {
  const entries: PredecessorEntry[] = [];
  const errors: string[] = [];
  for (const raw of text.split(/[,，;；、\n]+/)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const match = ENTRY.exec(entry);
    if (!match) {
      errors.push(`无法识别“${entry}”，请按“序号+关系类型+延隔天数”填写，如 3FS+2、5SS`);
      continue;
    }
    const seq = Number(match[1]);
    const type = (match[2]?.toUpperCase() ?? 'FS') as LinkType;
    const sign = match[3] === '-' || match[3] === '－' ? -1 : 1;
    const lag = match[4] ? sign * Number(match[4]) : 0;
    if (!LINK_TYPES.includes(type)) errors.push(`“${entry}”的关系类型只能是 FS、SS、FF、SF`);
    else if (Math.abs(lag) > MAX_LAG_DAYS) errors.push(`“${entry}”的延隔时间不能超过${MAX_LAG_DAYS}天`);
    else entries.push({ seq, type, lag });
  }
  return { entries, errors };
}

/** One relation as typed: `3`, `3FS+2`, `5SS`, `7FF-1`. */
export function formatPredecessor(seq: number, type: LinkType, lag: number): string {
  const lagText = lag > 0 ? `+${lag}` : lag < 0 ? String(lag) : '';
  return type === 'FS' && lag === 0 ? String(seq) : `${seq}${type}${lagText}`;
}
