/**
 * The Gantt chart's opening outline (modules/planning/client/gantt-model.ts, expandLevel): a plan of up to 1,000
 * tasks opens with every level shown; a longer one with its summary levels, as deep as about 500 rows allow, so the
 * chart lays out tens of rows and not thousands (the bench's 5,000-task plan opens on its 50 sections).
 */
import { describe, expect, it } from 'vitest';
import {
  expandLevel,
  ganttRecords,
  OPEN_ALL_UP_TO,
  type ChartSchedule,
} from '../../modules/planning/client/gantt-model';

const levels = (...counts: number[]) =>
  counts.flatMap((count, index) => Array.from({ length: count }, () => ({ level: index + 1 })));

describe('expandLevel', () => {
  it('shows every level of a plan of up to 1,000 tasks', () => {
    expect(expandLevel(levels(10, 300))).toBe(Infinity);
    expect(expandLevel(levels(10, OPEN_ALL_UP_TO - 10))).toBe(Infinity);
  });

  it('opens a long plan on its summary levels, as deep as about 500 rows allow', () => {
    // 50 sections of 100 works: the sections.
    expect(expandLevel(levels(50, 4950))).toBe(1);
    // 5 buildings of 20 floors of 50 works: buildings and floors.
    expect(expandLevel(levels(5, 100, 5000))).toBe(2);
    // Even a first level longer than 500 rows is shown.
    expect(expandLevel(levels(800, 800))).toBe(1);
  });

  it('leaves the records without an open state, so the chart applies its level', () => {
    const schedule = {
      tasks: [
        { id: 'a', parentId: '', kind: 'summary', start: '2026-03-02', finish: '2026-03-03', level: 1 },
        { id: 'b', parentId: 'a', kind: 'task', start: '2026-03-02', finish: '2026-03-03', level: 2 },
      ],
    } as unknown as ChartSchedule;
    const { records, paths } = ganttRecords(schedule);
    expect(records[0].children?.map((record) => record.id)).toEqual(['b']);
    expect('hierarchyState' in records[0]).toBe(false);
    expect(paths.get('b')).toEqual([0, 0]);
  });
});
