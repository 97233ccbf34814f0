/**
 * The demo machines' recent working hours, densely: their history is otherwise hourly (and every ten minutes for
 * the last day), too coarse to see a lift or a trip whole, so 塔吊监测 and 升降机监测 would count no cycles before
 * the live readings began. Yesterday's and today's working hours (China time, 07:00-19:00) are written at a step
 * short enough to see each cycle: 20 s for a crane's 5-minute lift, 10 s for a hoist's stops at a floor.
 */
import { chinaDayStart } from '../../../src/server/module-api.js';

const HOUR = 3600_000;
const STEP_MS: Record<string, number> = { 'tower-crane': 20_000, hoist: 10_000 };

/** Times (ms) of dense readings for a machine type; none for other types. */
export function workingHoursTimes(deviceType: string, now: number): number[] {
  const step = STEP_MS[deviceType];
  if (!step) return [];
  const today = chinaDayStart(new Date(now)).getTime();
  const times: number[] = [];
  for (const day of [today - 24 * HOUR, today])
    for (let at = day + 7 * HOUR; at < Math.min(day + 19 * HOUR, now - 60_000); at += step) times.push(at);
  return times;
}
