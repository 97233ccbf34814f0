/** Room for one text button of an 操作 column (two Chinese characters and its padding), and the cell's padding. */
const ROW_ACTION_WIDTH = 58;
const ROW_ACTIONS_PADDING = 24;

/** The width of an 操作 column holding `count` text buttons on one line. */
export function rowActionsWidth(count: number): number {
  return count * ROW_ACTION_WIDTH + ROW_ACTIONS_PADDING;
}
