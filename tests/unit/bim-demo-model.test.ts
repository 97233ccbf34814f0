/**
 * The demo building of modules/bim (demo-ifc.ts): its elements overlap exactly where DEMO_CLASHES says (the clash
 * check's known answer), and nowhere else: elements that meet only touch, face to face.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CLASHES, DEMO_STOREYS, demoElementCounts, demoElements } from '../../modules/bim/server/demo-ifc';

describe('the BIM demo building', () => {
  it('overlaps exactly at the recorded clashes', () => {
    const elements = demoElements();
    const found: string[] = [];
    for (let i = 0; i < elements.length; i++)
      for (let j = i + 1; j < elements.length; j++) {
        const [a, b] = [elements[i]!, elements[j]!];
        const overlaps = [0, 1, 2].every(
          (axis) => Math.min(a.max[axis]!, b.max[axis]!) - Math.max(a.min[axis]!, b.min[axis]!) > 0.001,
        );
        if (overlaps) found.push([a.name, b.name].sort().join(' × '));
      }
    expect(found.sort()).toEqual(DEMO_CLASHES.map((clash) => [clash.a, clash.b].sort().join(' × ')).sort());
  });

  it('has three storeys of walls, slabs, columns, beams and ducts', () => {
    expect(DEMO_STOREYS.map((storey) => storey.name)).toEqual(['一层', '二层', '三层']);
    expect(demoElementCounts()).toEqual({ IFCWALL: 12, IFCSLAB: 3, IFCCOLUMN: 12, IFCBEAM: 12, IFCDUCTSEGMENT: 4 });
  });
});
