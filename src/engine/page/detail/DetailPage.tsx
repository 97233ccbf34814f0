/**
 * A `detail` page: one record (loaded by the file's call, its id from the route as `{{params.id}}`) in sections
 * whose fields show with the crud columns' cell formats, its photos and files, its related lists (each a call
 * whose params read the record), the timeline of its status changes, and the status steps its status allows,
 * each a form dialog whose submit calls the step's API. Nothing here knows a module: all of it is the file's data.
 */
import { Button, Empty, Modal, Table, Tag, Timeline } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import '@arco-design/web-react/es/Timeline/style/css.js';
import { useEffect, useRef, useState } from 'react';
import { runAction } from '../../actions';
import { pickPath } from '../../api';
import { LoadFailure, Loading } from '../../feedback';
import { SchemaForm } from '../../form/SchemaForm';
import type { OpenLink, PageRendererProps } from '../../renderers';
import { useCan, useSeams } from '../../seams';
import { PageRecord } from '../page-access';
import { renderTemplate, type TemplateContext } from '../../template';
import type {
  CrudColumn,
  DetailStepAction,
  DetailListAction,
  DetailListDelete,
  DetailMedia,
  DetailPageFile,
  DetailRelatedList,
} from '../../types';
import { useApi, useInvalidateApi } from '../../use-api';
import { cellText } from '../../../shared/cell-text';
import { cellValue } from '../cell-format';
import { linkPath } from '../link-path';
import { RowDeleteButton, rowActionsWidth } from '../row-actions';
import { useWindowWidth } from '../use-window-width';
import { AttachmentList } from '../../../widgets/attachments/AttachmentList';

const AT_COLUMN = { field: 'at', format: 'datetime' } as const;
import './detail-page.css';

type Row = Record<string, unknown>;

const rendered = (template: Record<string, unknown> | undefined, context: TemplateContext) =>
  (template ? renderTemplate(template, context) : {}) as Row;

export function DetailPage({ file, context, open }: PageRendererProps<'detail'>) {
  const can = useCan();
  return (
    <PageRecord<Row> allowed={can(file.permission)} api={file.load.api} params={rendered(file.load.params, context)}>
      {(record, reload) => (
        <LoadedDetail file={file} context={{ ...context, record }} record={record} onChanged={reload} open={open} />
      )}
    </PageRecord>
  );
}

interface LoadedDetailProps {
  file: DetailPageFile;
  /** The page context with the record as `record`. */
  context: TemplateContext;
  record: Row;
  onChanged: () => void;
  open: OpenLink;
}

function LoadedDetail({ file, context, record, onChanged, open }: LoadedDetailProps) {
  const seams = useSeams();
  const can = useCan();
  const [acting, setActing] = useState<DetailStepAction | null>(null);
  const refreshTimeline = useInvalidateApi(file.timeline?.api ?? file.load.api);
  const status = String(pickPath(record, file.statusField ?? 'status') ?? '');
  const steps = (file.actions ?? []).filter(
    (action) =>
      action.when.includes(status) &&
      can(action.permission) &&
      (!('link' in action) || linkPath(action.link, context) !== undefined),
  );

  return (
    <section className="detail-page" data-testid={`detail-${file.id}`}>
      <header className="detail-header">
        <h2>
          {file.title}
          {file.titleField && <span className="detail-name">{String(pickPath(record, file.titleField) ?? '')}</span>}
        </h2>
        {file.statusField && status && (
          <Tag color="arcoblue">{String(pickPath(record, `${file.statusField}Label`) || status)}</Tag>
        )}
        <span className="detail-steps">
          {steps.map((action) => (
            <Button
              key={action.label}
              type={'link' in action ? 'secondary' : 'primary'}
              onClick={() =>
                'link' in action ? open({ path: linkPath(action.link, context) ?? '/' }) : setActing(action)
              }
            >
              {action.label}
            </Button>
          ))}
        </span>
      </header>
      {file.sections.map((section) => (
        <section key={section.title} className="detail-section">
          <h3>{section.title}</h3>
          <dl
            className="detail-fields"
            style={{ gridTemplateColumns: `repeat(${section.columns ?? 2}, minmax(0, 1fr))` }}
          >
            {section.fields.map((field) => (
              <div key={field.field}>
                <dt>{field.title}</dt>
                <dd>{cellValue(field, record) || '—'}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {file.media?.map((media) => (
        <MediaSection key={media.field} media={media} record={record} />
      ))}
      {file.related
        ?.filter((list) => can(list.permission))
        .map((list) => (
          <RelatedList
            key={list.title}
            list={list}
            context={context}
            actions={(list.actions ?? []).filter(
              (action) => can(action.permission) && (!action.when || action.when.includes(status)),
            )}
            deletion={
              list.delete && can(list.delete.permission) && (!list.delete.when || list.delete.when.includes(status))
                ? list.delete
                : undefined
            }
            onChanged={onChanged}
          />
        ))}
      {file.timeline && <StatusTimeline timeline={file.timeline} context={context} />}
      {acting && (
        <Modal
          visible
          title={acting.title ?? acting.label}
          style={{ width: acting.width ?? 640 }}
          footer={null}
          maskClosable={false}
          onCancel={() => setActing(null)}
          unmountOnExit
        >
          <SchemaForm
            formId={acting.form}
            context={context}
            actions={[{ ...acting.submit, successMessage: acting.submit.successMessage ?? '操作成功' }]}
            onSubmitted={async () => {
              setActing(null);
              onChanged();
              await refreshTimeline();
            }}
            testId="detail-action-form"
          />
        </Modal>
      )}
    </section>
  );
}

const urlsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((url): url is string => typeof url === 'string' && url !== '');

function MediaSection({ media, record }: { media: DetailMedia; record: Row }) {
  const urls = urlsOf(pickPath(record, media.field));
  return (
    <section className="detail-section" data-testid={`detail-media-${media.field}`}>
      <h3>{media.title}</h3>
      {urls.length === 0 ? (
        <p className="detail-empty">暂无</p>
      ) : media.type === 'image' ? (
        <div className="detail-photos">
          {urls.map((url) => (
            <a key={url} href={url} target="_blank" rel="noreferrer">
              <img src={url} alt={media.title} />
            </a>
          ))}
        </div>
      ) : (
        <AttachmentList urls={urls} label={media.title} />
      )}
    </section>
  );
}

interface RelatedListProps {
  list: DetailRelatedList;
  context: TemplateContext;
  /** The list's actions the user may take in the record's present status. */
  actions: DetailListAction[];
  /** The row deletion the user may make in the record's present status. */
  deletion?: DetailListDelete;
  /** The record changed (a child row's counts live on it): reload it. */
  onChanged: () => void;
}

function RelatedList({ list, context, actions, deletion, onChanged }: RelatedListProps) {
  const seams = useSeams();
  const { data, error, isLoading, mutate } = useApi<unknown>(list.api, rendered(list.params, context));
  const [acting, setActing] = useState<{ action: DetailListAction; row?: Row } | null>(null);
  const windowWidth = useWindowWidth();
  // The list follows its record: a status step (completing an inspection) may have changed the rows, and a write
  // hook may have changed what the record sums up of its rows (an inspection's score) with its time alone.
  const version = `${String(pickPath(context, 'record.version'))} ${String(pickPath(context, 'record.updatedAt'))}`;
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    void mutate();
  }, [version, mutate]);
  const rows = ((list.rows ? pickPath(data, list.rows) : data) ?? []) as Row[];
  const above = actions.filter((action) => !action.row);
  const onRow = actions.filter((action) => action.row);
  const rowButtons = onRow.length + (deletion ? 1 : 0);
  const remove = async (row: Row) => {
    if (!deletion) return;
    try {
      await runAction(seams, { api: deletion.api, successMessage: '删除成功' }, { id: row.id });
    } catch {
      return; // the HTTP client has shown why
    }
    await mutate();
    onChanged();
  };
  const actingContext: TemplateContext | undefined = acting ? { ...context, row: acting.row ?? {} } : undefined;
  return (
    <section className="detail-section" data-testid={`detail-related-${list.title}`}>
      <h3>
        {list.title}
        {above.length > 0 && (
          <span className="detail-list-actions">
            {above.map((action) => (
              <Button key={action.label} size="small" type="primary" onClick={() => setActing({ action })}>
                {action.label}
              </Button>
            ))}
          </span>
        )}
      </h3>
      {error ? (
        <LoadFailure error={error} onRetry={() => void mutate()} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="small"
          loading={isLoading}
          data={Array.isArray(rows) ? rows : []}
          pagination={Array.isArray(rows) && rows.length > 10 ? { pageSize: 10 } : false}
          noDataElement={<Empty description="暂无数据" />}
          columns={[
            ...list.columns
              .filter((column) => !column.hideBelow || windowWidth >= column.hideBelow)
              .map((column) => ({
                title: column.title,
                dataIndex: column.field,
                width: column.width,
                ellipsis: true,
                render: (_value: unknown, row: Row) => cellValue(column, row),
              })),
            ...(rowButtons > 0
              ? [
                  {
                    title: '操作',
                    dataIndex: '$actions',
                    width: rowActionsWidth(rowButtons),
                    render: (_value: unknown, row: Row) => (
                      <span className="detail-row-actions">
                        {onRow.map((action) => (
                          <Button
                            key={action.label}
                            type="text"
                            size="small"
                            onClick={() => setActing({ action, row })}
                          >
                            {action.label}
                          </Button>
                        ))}
                        {deletion && <RowDeleteButton confirm={deletion.confirm} onDelete={() => remove(row)} />}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {acting && actingContext && (
        <Modal
          visible
          title={acting.action.title ?? acting.action.label}
          style={{ width: acting.action.width ?? 640 }}
          footer={null}
          maskClosable={false}
          onCancel={() => setActing(null)}
          unmountOnExit
        >
          <SchemaForm
            formId={acting.action.form}
            initialData={
              acting.action.initial ? rendered(acting.action.initial, actingContext) : { ...(acting.row ?? {}) }
            }
            context={actingContext}
            actions={[{ ...acting.action.submit, successMessage: acting.action.submit.successMessage ?? '保存成功' }]}
            onSubmitted={async () => {
              setActing(null);
              await mutate();
              onChanged();
            }}
            testId="detail-list-form"
          />
        </Modal>
      )}
    </section>
  );
}

/** One step of the history call (the collections' `/history` answers the labels beside the codes). */
interface StatusChange {
  from?: string;
  to: string;
  /** The step's name (提交整改) and the states' labels, when the server gives them. */
  actionLabel?: string;
  fromLabel?: string;
  toLabel?: string;
  byName?: string;
  at?: string;
  remark?: string;
  photos?: string[];
  /** What the step brought (the fields it set). */
  data?: Row;
}

/** What a step brought, as the timeline's `fields` name it (those the step did not set are left out). */
function StepData({ fields, data }: { fields: CrudColumn[]; data: Row }) {
  const shown = fields.filter((field) => data[field.field] !== undefined && data[field.field] !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="detail-step-data">
      {shown.map((field) => (
        <div key={field.field}>
          <dt>{field.title}</dt>
          <dd>{cellValue(field, data) || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatusTimeline({
  timeline,
  context,
}: {
  timeline: NonNullable<DetailPageFile['timeline']>;
  context: TemplateContext;
}) {
  const { data, error, isLoading, mutate } = useApi<StatusChange[]>(timeline.api, rendered(timeline.params, context));
  return (
    <section className="detail-section" data-testid="detail-timeline">
      <h3>{timeline.title ?? '状态记录'}</h3>
      {error ? (
        <LoadFailure error={error} onRetry={() => void mutate()} />
      ) : isLoading ? (
        <Loading />
      ) : !data || data.length === 0 ? (
        <p className="detail-empty">暂无记录</p>
      ) : (
        <Timeline>
          {data.map((change, index) => (
            <Timeline.Item key={`${change.at ?? ''}-${index}`} label={cellText(AT_COLUMN, { at: change.at })}>
              {change.actionLabel && <b className="detail-step">{change.actionLabel}</b>}
              <span className="detail-states">
                {/* A change that kept the status (an approval's outcome) shows the status once. */}
                {change.from && change.from !== change.to
                  ? `${change.fromLabel || change.from} → ${change.toLabel || change.to}`
                  : change.toLabel || change.to}
              </span>
              {change.byName && <span className="detail-by">{change.byName}</span>}
              {timeline.fields && <StepData fields={timeline.fields} data={change.data ?? {}} />}
              {change.remark && <p className="detail-remark">{change.remark}</p>}
              {change.photos && change.photos.length > 0 && (
                <div className="detail-photos">
                  {change.photos.map((url) => (
                    <img key={url} src={url} alt="处理照片" />
                  ))}
                </div>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </section>
  );
}
