/**
 * When a pour's bottom forms and shores may come off: GB 50666-2011《混凝土结构工程施工规范》第4.5.2条, 表4.5.2 (the
 * table GB 50204-2002 held as 表4.3.1 before GB 50204-2015 left formwork removal to GB 50666). Unless the design asks
 * for more, the concrete (同条件养护试件) must reach this share of its design cube strength (混凝土立方体抗压强度标准值):
 *
 *   板        span ≤ 2 m: 50 %   2 m < span ≤ 8 m: 75 %   span > 8 m: 100 %
 *   梁、拱、壳  span ≤ 8 m: 75 %   span > 8 m: 100 %
 *   悬臂构件   100 %
 *
 * A member cast without bottom forms (筏板、承台、墩身、墙、柱) has side forms only, which come off once the concrete keeps
 * its surface and arrises whole (第4.5.3条): no share of the strength is set for it.
 */

/** The members of the dictionary concrete_member whose bottom forms follow the table, and how. */
const BY_MEMBER: Record<string, 'slab' | 'beam' | 'cantilever'> = {
  'floor-slab': 'slab',
  // 梁板: a floor of beams and slabs comes off as its beams do (the stricter of the two).
  slab: 'beam',
  beam: 'beam',
  'arch-shell': 'beam',
  cantilever: 'cantilever',
};

export const FORMWORK_STANDARD = 'GB 50666-2011 表4.5.2';
export const SIDE_FORMS_ONLY = '无底模，侧模以混凝土表面及棱角不受损伤为准（GB 50666-2011 第4.5.3条）';

export interface FormworkRule {
  /** The share of the design strength (%) the pour must reach; undefined: side forms only. */
  percent: number | undefined;
  /** Where the share comes from, in words (the screens show it beside the figure). */
  basis: string;
}

/** Whether a member's bottom-form strength depends on its span (板、梁、拱、壳). */
export function needsSpan(member: string): boolean {
  const kind = BY_MEMBER[member];
  return kind === 'slab' || kind === 'beam';
}

/**
 * The removal strength of a pour of `member` over `span` metres; `designPercent` (the design's own requirement)
 * comes first. A span-dependent member without its span takes 100 %, the strictest row, until the span is known.
 */
export function formworkRule(member: string, span: number | undefined, designPercent?: number): FormworkRule {
  if (designPercent !== undefined) return { percent: designPercent, basis: '设计要求' };
  const kind = BY_MEMBER[member];
  if (!kind) return { percent: undefined, basis: SIDE_FORMS_ONLY };
  if (kind === 'cantilever') return { percent: 100, basis: `悬臂构件，${FORMWORK_STANDARD}` };
  if (span === undefined || !Number.isFinite(span) || span <= 0)
    return { percent: 100, basis: `未填跨度，按最不利取 100%，${FORMWORK_STANDARD}` };
  const spanText = `跨度 ${Number(span.toFixed(2))} m`;
  if (kind === 'slab') {
    const percent = span <= 2 ? 50 : span <= 8 ? 75 : 100;
    return { percent, basis: `板，${spanText}，${FORMWORK_STANDARD}` };
  }
  return { percent: span <= 8 ? 75 : 100, basis: `梁、拱、壳，${spanText}，${FORMWORK_STANDARD}` };
}
