/** What the 操作 columns of the crud page and the detail page's related lists share. */
import { Button, Popconfirm } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';

/** Room for one text button of an 操作 column (two Chinese characters and its padding), and the cell's padding. */
const ROW_ACTION_WIDTH = 58;
const ROW_ACTIONS_PADDING = 24;

/** The width of an 操作 column holding `count` text buttons on one line. */
export function rowActionsWidth(count: number): number {
  return count * ROW_ACTION_WIDTH + ROW_ACTIONS_PADDING;
}

const DEFAULT_CONFIRM = '确定删除这条记录吗？删除后不可恢复。';

/** A row's 删除: asks first (the file's question, or the default one), then deletes. */
export function RowDeleteButton({ confirm, onDelete }: { confirm?: string; onDelete: () => Promise<void> }) {
  return (
    <Popconfirm title={confirm ?? DEFAULT_CONFIRM} okText="删除" cancelText="取消" onOk={onDelete}>
      <Button type="text" status="danger" size="small">
        删除
      </Button>
    </Popconfirm>
  );
}
