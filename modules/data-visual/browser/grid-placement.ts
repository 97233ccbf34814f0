/**
 * The designer's grid and the stored dashboard file agree through one rule: a dashboard file keeps its charts in
 * order with a width (`span`, columns) and a height (`rowSpan`, rows), and the engine's dashboard lays them out with
 * CSS grid's auto-placement. The designer shows the same positions (`placePanels`, the auto-placement algorithm for
 * items with both axes auto, row by row), and turns what the user dragged or resized back into an order and sizes
 * (`fromLayout`): the file never holds coordinates the engine would not honour.
 */
export interface Sized {
  id: string;
  span: number;
  rowSpan: number;
}

export interface Placed {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where CSS grid (`grid-auto-flow: row`, sparse) puts each item, in order, on a grid `columns` wide. */
export function placePanels(panels: readonly Sized[], columns: number): Placed[] {
  const taken = new Set<string>();
  const free = (x: number, y: number, w: number, h: number) => {
    for (let row = y; row < y + h; row += 1)
      for (let column = x; column < x + w; column += 1) if (taken.has(`${column},${row}`)) return false;
    return true;
  };
  let cursorX = 0;
  let cursorY = 0;
  return panels.map((panel) => {
    const w = Math.min(Math.max(panel.span, 1), columns);
    const h = Math.max(panel.rowSpan, 1);
    for (;;) {
      if (cursorX + w > columns) {
        cursorX = 0;
        cursorY += 1;
        continue;
      }
      if (free(cursorX, cursorY, w, h)) break;
      cursorX += 1;
    }
    for (let row = cursorY; row < cursorY + h; row += 1)
      for (let column = cursorX; column < cursorX + w; column += 1) taken.add(`${column},${row}`);
    const placed = { i: panel.id, x: cursorX, y: cursorY, w, h };
    cursorX += w;
    return placed;
  });
}

/** The panels in the order of the grid the user left (top to bottom, left to right), with its sizes. */
export function fromLayout<P extends Sized>(panels: readonly P[], layout: readonly Placed[]): P[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  return panels
    .map((panel) => ({ panel, at: byId.get(panel.id) }))
    .sort((a, b) => (a.at?.y ?? 0) - (b.at?.y ?? 0) || (a.at?.x ?? 0) - (b.at?.x ?? 0))
    .map(({ panel, at }) => (at ? { ...panel, span: at.w, rowSpan: at.h } : panel));
}
