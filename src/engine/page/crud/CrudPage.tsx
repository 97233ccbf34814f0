/**
 * Renders a CRUD page file (schemas/pages/<id>.json): an optional tree that filters, the search form, the
 * toolbar (新增, 导入, 下载模板, calls such as 全部已读), the table with pagination and row actions (dialogs,
 * calls, links; also those other modules add), cells that open their row's page, the create/edit dialogs and
 * delete with confirmation; a list that
 * names server-sent events is read again when they arrive. What the user may not do is not shown (the server refuses it anyway).
 */
import { Button, Empty, Pagination, Popconfirm, Table, type TableColumnProps } from '@arco-design/web-react';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Pagination/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Button/style/css.js';
import { Suspense, useState, type ReactElement } from 'react';
import { pickPath } from '../../api';
import { runAction } from '../../actions';
import { LoadFailure, Loading } from '../../feedback';
import { lazyPart, usePreloadWhenIdle } from '../../lazy-part';
import { SchemaForm } from '../../form/SchemaForm';
import type { LinkTarget, OpenLink, PageRendererProps } from '../../renderers';
import { noteSearchTarget } from '../../search-target';
import { useCan, useSeams } from '../../seams';
import { PageDenied } from '../page-access';
import type { TemplateContext } from '../../template';
import type { CrudCall, CrudColumn, CrudDialogAction, CrudPageFile, RowCondition } from '../../types';
import { useApi, useInvalidateApi } from '../../use-api';
import { useEvents } from '../../use-events';
import { isPaged, listFilters, listParams } from './crud-list';
import { cellValue } from '../cell-format';
import { CrudExport } from './CrudExport';
import { CrudImport } from './CrudImport';
import type { TreeNode } from './CrudTree';
import { CrudTreePart } from './crud-tree-part';
import { useWindowWidth } from '../use-window-width';
import { linkPath } from '../link-path';
import { RowDeleteButton, rowActionsWidth } from '../row-actions';
import './crud-page.css';

type Row = Record<string, unknown>;

// The create and edit dialog (Arco's Modal and what it brings) is not part of the list's first render.
const CrudDialog = lazyPart(async () => (await import('./CrudDialog')).CrudDialog);

interface OpenDialog {
  action: CrudDialogAction;
  context: Row;
  /** Values a link gave the create form (`?create=1&description=...`). */
  preset?: Record<string, string>;
}

/**
 * A link may open the page with its create dialog open and some fields filled: `?create=1&<field>=<value>` (a
 * hazard registered from a device warning). Only for a caller who may create; the form takes its own fields only.
 */
function createFromLink(file: CrudPageFile, context: TemplateContext, may: boolean): OpenDialog | null {
  const query = context.query;
  if (!file.create || !may || typeof query !== 'object' || query === null) return null;
  const { create, ...preset } = query as Record<string, string>;
  return create === '1' ? { action: file.create, context: {}, preset } : null;
}

export function CrudPage({ file, context, open }: PageRendererProps<'crud'>) {
  return <LoadedCrudPage key={file.id} file={file} context={context} open={open} />;
}

function LoadedCrudPage({ file, context, open }: { file: CrudPageFile; context: TemplateContext; open: OpenLink }) {
  const seams = useSeams();
  const can = useCan();
  const rowKey = file.rowKey ?? 'id';
  const pageSize = file.list.pageSize ?? 10;
  const paged = isPaged(file);
  const [search, setSearch] = useState<Row>({});
  const [page, setPage] = useState(1);
  const [node, setNode] = useState<TreeNode | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(() =>
    createFromLink(file, context, can(file.permission) && can(file.create?.permission)),
  );
  const windowWidth = useWindowWidth();
  usePreloadWhenIdle(CrudDialog);

  // What the list shows (the export takes the same), then the page of it.
  const listState = { search, page, treeKey: node?.key };
  const filters = listFilters(file, context, listState);
  const params = listParams(file, context, listState);
  const { data, error, isLoading, mutate } = useApi<unknown>(file.list.api, params, { keepPreviousData: true });
  const refreshAll = useInvalidateApi(file.list.api);
  const rows = ((file.list.rows ? pickPath(data, file.list.rows) : data) ?? []) as Row[];
  const total = paged ? Number(pickPath(data, file.list.total as string) ?? 0) : rows.length;
  const searchId = file.list.searchId ? pickPath(data, file.list.searchId) : undefined;
  useEvents(file.list.refreshOn, () => void mutate());

  if (!can(file.permission)) {
    return <PageDenied />;
  }

  const remove = async (row: Row) => {
    if (!file.delete) return;
    try {
      await runAction(seams, { api: file.delete.api, successMessage: '删除成功' }, { [rowKey]: row[rowKey] });
      if (rows.length === 1 && page > 1) setPage(page - 1);
      await refreshAll();
    } catch {
      // the HTTP client has shown why
    }
  };

  // A row the server marks with `<rowFlag>: false` (a role the user may not change) offers that action not.
  const offered = (row: Row, rowFlag?: string) => !rowFlag || row[rowFlag] !== false;
  const holds = (row: Row, condition?: RowCondition) =>
    !condition || pickPath(row, condition.field) === condition.equals;

  /** A call without a dialog (标为已读, 全部已读): the list is read again afterwards. */
  const call = async (action: CrudCall, row: Row) => {
    try {
      await runAction(seams, { api: action.api, successMessage: action.successMessage }, row);
      await refreshAll();
    } catch {
      // the HTTP client has shown why
    }
  };

  /** A cell that opens its row: the column's call first (marks the message read), then the row's page. */
  const openRow = async (column: CrudColumn, row: Row) => {
    const how = column.open;
    if (!how) return;
    if (how.call) {
      try {
        await runAction(seams, { api: how.call }, row);
      } catch {
        return;
      }
      void refreshAll();
    }
    const path = how.linkField ? pickPath(row, how.linkField) : undefined;
    if (typeof path === 'string' && path.startsWith('/')) openFromList({ path }, row);
    else if (how.detail) openFromList({ child: String(row[rowKey]) }, row);
  };

  /** Opens a row's page; from a search's answer, that page is where the search led. */
  const openFromList = (target: LinkTarget, row: Row) => {
    const path = open(target);
    const titled = file.columns.find((column) => column.open) ?? file.columns[0];
    noteSearchTarget(seams, searchId, { path, name: titled ? String(row[titled.field] ?? '') : '' });
  };

  const cell = (column: CrudColumn, row: Row) => {
    const value = cellValue(column, row);
    const shown = column.emphasis && holds(row, column.emphasis) ? <strong>{value}</strong> : value;
    if (!column.open) return shown;
    return (
      <button type="button" className="crud-cell-link" onClick={() => void openRow(column, row)}>
        {shown}
      </button>
    );
  };

  const withConfirm = (action: CrudCall, button: ReactElement, onOk: () => Promise<void>) =>
    action.confirm ? (
      <Popconfirm title={action.confirm} okText="确定" cancelText="取消" onOk={onOk}>
        {button}
      </Popconfirm>
    ) : (
      <span onClick={() => void onOk()}>{button}</span>
    );

  /** Where a link action leads from this row (the row is `record` to its templates), if anywhere. */
  const rowLink = (action: NonNullable<CrudPageFile['rowActions']>[number], row: Row) =>
    action.link ? linkPath(action.link, { ...context, record: row }) : undefined;

  const rowActions = (row: Row) => (
    <span className="crud-row-actions">
      {file.detail && (
        <Button
          type="text"
          size="small"
          onClick={() => openFromList({ child: String(row[rowKey]), list: file.id }, row)}
        >
          {file.detail.label ?? '详情'}
        </Button>
      )}
      {file.edit && can(file.edit.permission) && offered(row, file.edit.rowFlag) && (
        <Button type="text" size="small" onClick={() => setDialog({ action: file.edit!, context: row })}>
          编辑
        </Button>
      )}
      {file.rowActions
        ?.filter(
          (action) =>
            (action.dialog || action.call || rowLink(action, row)) &&
            can(action.permission ?? action.dialog?.permission) &&
            offered(row, action.rowFlag) &&
            holds(row, action.when),
        )
        .map((action) =>
          action.link ? (
            <Button
              key={action.label}
              type="text"
              size="small"
              onClick={() => openFromList({ path: rowLink(action, row) ?? '/' }, row)}
            >
              {action.label}
            </Button>
          ) : action.dialog ? (
            <Button
              key={action.label}
              type="text"
              size="small"
              onClick={() => setDialog({ action: action.dialog!, context: row })}
            >
              {action.label}
            </Button>
          ) : (
            <span key={action.label}>
              {withConfirm(
                action.call!,
                <Button type="text" size="small">
                  {action.label}
                </Button>,
                () => call(action.call!, row),
              )}
            </span>
          ),
        )}
      {file.delete && can(file.delete.permission) && offered(row, file.delete.rowFlag) && (
        <RowDeleteButton confirm={file.delete.confirm} onDelete={() => remove(row)} />
      )}
    </span>
  );

  // The 操作 column is as wide as the buttons the user may have, so that the data columns keep the room (a label
  // of four characters, 查看录像, takes the room of two buttons).
  const rowActionCount =
    (file.detail ? 1 : 0) +
    (file.edit && can(file.edit.permission) ? 1 : 0) +
    (file.delete && can(file.delete.permission) ? 1 : 0) +
    (file.rowActions
      ?.filter((action) => can(action.permission ?? action.dialog?.permission))
      .reduce((sum, action) => sum + Math.ceil(action.label.length / 3), 0) ?? 0);
  const hasRowActions = rowActionCount > 0;
  const columns: TableColumnProps<Row>[] = [
    // A column may ask for a wide window (`hideBelow`): at the 1280px minimum the table fits without scrolling.
    ...file.columns
      .filter((column) => !column.hideBelow || windowWidth >= column.hideBelow)
      .map((column) => ({
        title: column.title,
        dataIndex: column.field,
        width: column.width,
        ellipsis: true,
        render: (_value: unknown, row: Row) => cell(column, row),
      })),
    // Pinned right: on a narrow screen the wide tables scroll sideways, the actions stay in view.
    ...(hasRowActions
      ? [
          {
            title: '操作',
            width: rowActionsWidth(rowActionCount),
            fixed: 'right' as const,
            render: (_: unknown, row: Row) => rowActions(row),
          },
        ]
      : []),
  ];

  return (
    <section className="crud-page" data-testid={`crud-${file.id}`}>
      <header className="crud-header">
        <h2>{file.title}</h2>
        {file.description && <p>{file.description}</p>}
      </header>
      <div className="crud-body">
        {file.tree && (
          <Suspense fallback={<Loading />}>
            <CrudTreePart.Component
              tree={file.tree}
              selected={node}
              onSelect={(next) => {
                setNode(next);
                setPage(1);
              }}
            />
          </Suspense>
        )}
        <div className="crud-main">
          {file.search && (
            <div className="crud-search">
              <SchemaForm
                formId={file.search}
                testId="crud-search"
                onSubmitted={(_envelope, values) => {
                  setSearch(values);
                  setPage(1);
                }}
              />
            </div>
          )}
          <div className="crud-toolbar">
            {file.create && can(file.create.permission) && (
              <Button
                type="primary"
                onClick={() => setDialog({ action: file.create!, context: node ? { $tree: node.raw } : {} })}
              >
                {file.create.label ?? '新增'}
              </Button>
            )}
            {file.toolbarActions
              ?.filter((action) => can(action.permission))
              .map((action) => (
                <span key={action.label}>
                  {withConfirm(action.call, <Button>{action.label}</Button>, () => call(action.call, {}))}
                </span>
              ))}
            {file.import && can(file.import.permission) && (
              <CrudImport
                title={file.title}
                config={file.import}
                context={context}
                onImported={() => void refreshAll()}
              />
            )}
            {file.export && can(file.export.permission ?? file.permission) && (
              <CrudExport pageId={file.id} config={file.export} filters={filters} />
            )}
            <Button onClick={() => void mutate()}>刷新</Button>
          </div>
          {error && !data ? (
            <LoadFailure error={error} onRetry={() => void mutate()} />
          ) : (
            <Table<Row>
              rowKey={rowKey}
              columns={columns}
              data={rows}
              loading={isLoading}
              pagination={false}
              border={{ wrapper: true, cell: true }}
              childrenColumnName={file.list.childrenField ?? 'childList'}
              noDataElement={<Empty description="暂无数据" />}
              scroll={{ x: true }}
            />
          )}
          {paged && total > 0 && (
            <Pagination
              className="crud-pagination"
              current={page}
              pageSize={pageSize}
              total={total}
              showTotal
              onChange={setPage}
            />
          )}
        </div>
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <CrudDialog.Component
            action={dialog.action}
            context={dialog.context}
            preset={dialog.preset}
            host={context}
            rowKey={rowKey}
            onClose={() => setDialog(null)}
            onSaved={() => void refreshAll()}
          />
        </Suspense>
      )}
    </section>
  );
}
