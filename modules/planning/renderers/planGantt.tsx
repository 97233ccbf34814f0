/**
 * 甘特图 (/lag/gantt): the project's schedule drawn by @visactor/vtable-gantt (canvas, so 5,000 tasks draw in about a
 * second): the WBS tree beside the bars, relations of all four kinds as arrows, critical works red, overdue ones
 * orange, done ones green, the baseline as a grey bar under each task, today and the contract finish as lines,
 * non-working days shaded at the day scale. A planner drags a bar to move it or its end to stretch it: the server
 * plans again (CPM) and its successors move. Zoom by day, week or month; locate a task (its summaries open); 展开全部 and
 * 折叠全部 (a plan of more than 1,000 tasks opens on its summary levels, see expandLevel); import and export Excel and
 * MS Project XML. The chart has a text version for screen readers (a hidden list of every task and its dates).
 */
import { Button, Checkbox, Message, Radio, Select, Space, Tag, Tooltip } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Checkbox/style/css.js';
import '@arco-design/web-react/es/Message/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Space/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import '@arco-design/web-react/es/Tooltip/style/css.js';
import { Gantt } from '@visactor/vtable-gantt';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callApi, useApi, useCan, useSeams, type CustomRendererProps } from '../../../src/engine/module-api';
import {
  barColors,
  chartRange,
  COLORS,
  dragChange,
  expandLevel,
  ganttLinks,
  ganttRecords,
  localDate,
  ZOOM_LABELS,
  zoomScales,
  type ChartSchedule,
  type GanttRecord,
  type Zoom,
} from '../client/gantt-model';
import '../client/plan-gantt.css';
import type { ScheduledTask } from '../server/schedule-model';

const ROW_HEIGHT = 34;
const FONT = '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

type Rect = { x: number; y: number; width: number; height: number };

/** The tree column (任务名称): where the library's expand and collapse act. */
const TREE_COL = 1;

/** A task's row in the chart, or its nearest shown summary's when a collapsed summary hides it. */
function shownRow(gantt: Gantt, path: number[]): number {
  for (let depth = path.length; depth > 0; depth -= 1) {
    const index = gantt.getTaskShowIndexByRecordIndex(depth === 1 ? path[0] : path.slice(0, depth));
    if (index >= 0) return index;
  }
  return -1;
}

/** Opens the summaries above a task, top down, so its row is shown. */
function reveal(gantt: Gantt, path: number[]) {
  const table = gantt.taskListTableInstance;
  if (!table) return;
  for (let depth = 1; depth < path.length; depth += 1) {
    const index = gantt.getTaskShowIndexByRecordIndex(depth === 1 ? path[0] : path.slice(0, depth));
    const record = gantt.getRecordByIndex(index) as { hierarchyState?: string } | undefined;
    if (index >= 0 && record?.hierarchyState !== 'expand')
      table.toggleHierarchyState(TREE_COL, index + table.columnHeaderLevelCount);
  }
}

/** Which summaries are open, by id, from the records the chart holds (the library marks them). */
function openStates(records: readonly GanttRecord[], into = new Map<string, string>()): Map<string, string> {
  for (const record of records) {
    const state = (record as { hierarchyState?: string }).hierarchyState;
    if (state && record.children) {
      into.set(record.id, state);
      openStates(record.children, into);
    }
  }
  return into;
}

function saveBlob(blob: unknown, name: string) {
  if (!(blob instanceof Blob)) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** What a planner reads of a bar under the pointer. */
function BarTip({ task, x, y }: { task: ScheduledTask; x: number; y: number }) {
  const variance = task.finishVariance ?? 0;
  return (
    <div className="plan-gantt-tip" style={{ left: x + 14, top: y + 14 }} role="tooltip">
      <strong>
        {task.wbs} {task.name}
      </strong>
      <div>
        {task.start} 至 {task.finish}，{task.kind === 'milestone' ? '里程碑' : `${task.duration} 个工作日`}
      </div>
      <div>
        {task.statusLabel}，完成 {task.percentComplete}%
        {task.critical ? '，关键工作' : `，总时差 ${task.totalFloat} 天`}
      </div>
      {task.predecessors && <div>前置任务：{task.predecessors}</div>}
      {task.baselineFinish && (
        <div>
          基线完成 {task.baselineFinish}
          {variance !== 0 && (variance > 0 ? `，推迟 ${variance} 个工作日` : `，提前 ${-variance} 个工作日`)}
        </div>
      )}
      {task.responsibleName && <div>负责人：{task.responsibleName}</div>}
    </div>
  );
}

/*
 * The task picker and the text version hold a row per task: apart and memoised, so the page's own updates (a bar
 * measured, the pointer on a bar) re-render the few rows whose place changed, not 5,000 of them.
 */
const LocateSelect = memo(function LocateSelect({
  tasks,
  onLocate,
}: {
  tasks: ScheduledTask[];
  onLocate: (id: string) => void;
}) {
  // Its options are made when it first opens: a plan of 5,000 tasks opens the page without making 5,000 options.
  const [opened, setOpened] = useState(false);
  return (
    <Select
      showSearch
      allowClear
      placeholder="定位任务"
      style={{ width: 320 }}
      data-testid="gantt-locate"
      filterOption={(input, option) =>
        String((option as { props?: { children?: unknown } })?.props?.children ?? '').includes(input)
      }
      onVisibleChange={(visible: boolean) => visible && setOpened(true)}
      onChange={(value: string | undefined) => value && onLocate(value)}
    >
      {(opened ? tasks : []).map((task) => (
        <Select.Option key={task.id} value={task.id}>
          {`${task.wbs} ${task.name}`}
        </Select.Option>
      ))}
    </Select>
  );
});

const TaskText = memo(
  function TaskText({ task, rect }: { task: ScheduledTask; rect?: Rect }) {
    return (
      <li
        data-task-id={task.id}
        data-start={task.start}
        data-finish={task.finish}
        {...(rect ? { 'data-x': rect.x, 'data-y': rect.y, 'data-width': rect.width, 'data-height': rect.height } : {})}
      >
        {`${task.wbs} ${task.name}：${task.start} 至 ${task.finish}，${task.kindLabel}，工期 ${task.duration} 个工作日，${task.statusLabel}${task.critical ? '，关键工作' : ''}${task.predecessors ? `，前置任务 ${task.predecessors}` : ''}`}
      </li>
    );
  },
  (before, after) =>
    before.task === after.task &&
    before.rect?.x === after.rect?.x &&
    before.rect?.y === after.rect?.y &&
    before.rect?.width === after.rect?.width &&
    before.rect?.height === after.rect?.height,
);

export default function PlanGantt({ file, data, context, open }: CustomRendererProps) {
  const seams = useSeams();
  const can = useCan();
  const params = useMemo(
    () => ({ projectId: (context.project as { projectId?: string } | undefined)?.projectId }),
    [context],
  );
  const projectName = (context.project as { projectName?: string } | undefined)?.projectName ?? '项目';
  // The page's own call: the same key as the file's data, so this reads (and refreshes) what the page loaded.
  // The page has just read it: asking again on mount would fetch and draw a large plan twice.
  const { data: fresh, mutate } = useApi<ChartSchedule>(file.data!.api, params, {
    fallbackData: data as ChartSchedule,
    revalidateOnMount: data === undefined,
  });
  const [schedule, setSchedule] = useState<ChartSchedule>((fresh ?? data) as ChartSchedule);
  useEffect(() => {
    if (fresh) setSchedule(fresh);
  }, [fresh]);
  const editable = can(String(file.options?.editPermission ?? 'planning:plan:edit'));
  const [zoom, setZoom] = useState<Zoom>('week');
  const [showBaseline, setShowBaseline] = useState(true);
  const [busy, setBusy] = useState(false);
  const [rects, setRects] = useState<Map<string, Rect>>(new Map());
  const [hover, setHover] = useState<{ id: string; x: number; y: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Gantt | null>(null);
  const paths = useRef<Map<string, number[]>>(new Map());
  const byId = useMemo(() => new Map(schedule.tasks.map((task) => [task.id, task])), [schedule]);
  const latest = useRef({ schedule, byId });
  latest.current = { schedule, byId };

  /**
   * Where each drawn bar is, for the text version (and whoever reads it, a test included): the rows in view only,
   * found from the scroll position, so a plan of thousands of tasks costs no more than a short one.
   */
  const measure = useCallback(() => {
    const gantt = chart.current;
    if (!gantt) return;
    const next = new Map<string, Rect>();
    const first = Math.max(0, Math.floor(gantt.scrollTop / ROW_HEIGHT) - 1);
    const last = first + Math.ceil(gantt.tableNoFrameHeight / ROW_HEIGHT) + 2;
    for (let index = first; index <= last; index += 1) {
      try {
        const id = (gantt.getRecordByIndex(index) as GanttRecord | undefined)?.id;
        if (!id) continue;
        const rect = gantt.getTaskBarRelativeRect(index);
        if (rect && rect.width >= 0 && rect.top > -ROW_HEIGHT && rect.top < gantt.tableNoFrameHeight)
          next.set(id, {
            x: Math.round(rect.left),
            y: Math.round(rect.top),
            width: Math.round(rect.width),
            height: Math.round(rect.height),
          });
      } catch {
        // a row not drawn (scrolled away or collapsed)
      }
    }
    setRects(next);
  }, []);
  const measureSoon = useRef(0);
  const lastScrollTop = useRef<number | undefined>(undefined);
  const shownProject = useRef(params.projectId);
  if (shownProject.current !== params.projectId) {
    // Another project: its own first view.
    shownProject.current = params.projectId;
    lastScrollTop.current = undefined;
  }
  const remeasure = useCallback(() => {
    cancelAnimationFrame(measureSoon.current);
    measureSoon.current = requestAnimationFrame(() => measure());
  }, [measure]);

  const onDrag = useCallback(
    async (record: GanttRecord, startDate: Date | string, endDate: Date | string) => {
      const task = latest.current.byId.get(record.id);
      if (!task) return;
      const change = dragChange(task, startDate, endDate);
      if (!change) return;
      const before = latest.current.schedule;
      try {
        const envelope = await callApi<{ errMsg: string; data: { schedule: ChartSchedule; moved: { id: string }[] } }>(
          seams,
          { method: 'POST', url: '/api/planning/v1.0/tasks/{id}/dates' },
          { variables: { id: task.id }, body: change },
        );
        const { schedule: next, moved } = envelope.data;
        setSchedule(next);
        void mutate(next, { revalidate: false });
        const followed = moved.length > 0 ? `，后续 ${moved.length} 项工作随之调整` : '';
        if (envelope.errMsg && envelope.errMsg !== '已调整') Message.warning(`${envelope.errMsg}${followed}`);
        else Message.success(`已调整“${task.name}”${followed}`);
      } catch {
        // the HTTP client has said why; the bar goes back
        setSchedule({ ...before });
      }
    },
    [seams, mutate],
  );

  // The chart: made for each zoom and baseline choice, fed new records when the schedule changes.
  const { records, links, range } = useMemo(() => {
    const built = ganttRecords(schedule);
    paths.current = built.paths;
    return { records: built.records, links: ganttLinks(schedule), range: chartRange(schedule) };
  }, [schedule]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { scales, colWidth } = zoomScales(zoom);
    const nonWorking = new Set(latest.current.schedule.calendar.nonWorkingDays ?? []);
    const lines = [
      {
        date: latest.current.schedule.today.replace(/-/g, '/'),
        content: '今天',
        position: 'middle' as const,
        scrollToMarkLine: true,
        style: { lineColor: COLORS.today, lineWidth: 2 },
        contentStyle: { color: '#fff', backgroundColor: COLORS.today, fontSize: 12, lineHeight: 18 },
      },
      ...(latest.current.schedule.figures.deadline
        ? [
            {
              date: latest.current.schedule.figures.deadline.replace(/-/g, '/'),
              content: '合同竣工',
              position: 'middle' as const,
              style: { lineColor: COLORS.deadline, lineWidth: 1, lineDash: [6, 4] },
              contentStyle: { color: '#fff', backgroundColor: COLORS.deadline, fontSize: 12, lineHeight: 18 },
            },
          ]
        : []),
    ];
    const gantt = new Gantt(element, {
      records,
      taskKeyField: 'id',
      minDate: range.minDate,
      maxDate: range.maxDate,
      rowHeight: ROW_HEIGHT,
      headerRowHeight: 30,
      taskListTable: {
        columns: [
          { field: 'wbs', title: 'WBS', width: 64 },
          {
            field: 'name',
            title: '任务名称',
            width: 180,
            tree: true,
            style: {
              color: (args: {
                table: { getCellOriginRecord(col: number, row: number): GanttRecord };
                col: number;
                row: number;
              }) => {
                const record = args.table.getCellOriginRecord(args.col, args.row);
                return record?.critical ? '#cb2634' : record?.overdue ? '#d25f00' : '#1d2129';
              },
              fontWeight: (args: {
                table: { getCellOriginRecord(col: number, row: number): GanttRecord };
                col: number;
                row: number;
              }) => (args.table.getCellOriginRecord(args.col, args.row)?.kind === 'summary' ? 'bold' : 'normal'),
            },
          },
          { field: 'durationText', title: '工期', width: 56, style: { textAlign: 'right' } },
          { field: 'startShort', title: '开始', width: 82 },
          { field: 'finishShort', title: '完成', width: 82 },
          { field: 'floatText', title: '总时差', width: 66, style: { textAlign: 'right' } },
        ],
        tableWidth: Math.min(550, Math.max(320, Math.round(element.clientWidth * 0.46))),
        minTableWidth: 200,
        maxTableWidth: 900,
        hierarchyExpandLevel: expandLevel(latest.current.schedule.tasks),
        hierarchyIndent: 14,
        theme: {
          headerStyle: {
            fontFamily: FONT,
            fontSize: 13,
            fontWeight: 'bold',
            color: '#1d2129',
            bgColor: '#f7f8fa',
            padding: [0, 8],
          },
          bodyStyle: { fontFamily: FONT, fontSize: 13, padding: [0, 8] },
        },
      } as never,
      taskBar: {
        startDateField: 'barStart',
        endDateField: 'barEnd',
        progressField: 'progress',
        ...(showBaseline ? { baselineStartDateField: 'baseStart', baselineEndDateField: 'baseEnd' } : {}),
        baselinePosition: 'bottom',
        baselineStyle: { barColor: COLORS.baseline, width: 6, cornerRadius: 2 },
        labelText: '{name}',
        labelTextStyle: { fontFamily: FONT, fontSize: 12, color: '#1d2129', orient: 'right', textOverflow: 'ellipsis' },
        barStyle: (args: { taskRecord: GanttRecord }) => {
          const colors = barColors(args.taskRecord);
          const summary = args.taskRecord.kind === 'summary';
          return {
            barColor: colors.bar,
            completedBarColor: colors.done,
            width: summary ? 12 : showBaseline ? 16 : 20,
            cornerRadius: summary ? 1 : 3,
            borderLineWidth: 0,
          };
        },
        milestoneStyle: { fillColor: COLORS.milestone, borderColor: COLORS.milestone, width: 16, borderLineWidth: 1 },
        moveable: (args: { taskRecord: GanttRecord }) =>
          editable && args.taskRecord.kind !== 'summary' && !args.taskRecord.started,
        resizable: (args: { taskRecord: GanttRecord }) =>
          editable && args.taskRecord.kind === 'task' ? [!args.taskRecord.started, true] : false,
        progressAdjustable: false,
        hoverBarStyle: { barOverlayColor: 'rgba(0,0,0,0.12)' },
      } as never,
      dependency: { links: links as never, linkCreatable: false, linkSelectable: false },
      timelineHeader: {
        colWidth,
        backgroundColor: '#f7f8fa',
        scales: scales as never,
        verticalLine: { lineColor: '#e5e6eb', lineWidth: 1 },
        horizontalLine: { lineColor: '#e5e6eb', lineWidth: 1 },
      },
      grid: {
        horizontalLine: { lineColor: '#f2f3f5', lineWidth: 1 },
        verticalLine: { lineColor: zoom === 'day' ? '#f2f3f5' : '#e5e6eb', lineWidth: 1 },
        ...(zoom === 'day'
          ? {
              verticalBackgroundColor: (args: { date?: Date }) =>
                args.date && nonWorking.has(localDate(args.date)) ? COLORS.nonWorking : '#ffffff',
            }
          : {}),
      },
      markLine: lines,
      frame: {
        outerFrameStyle: { borderLineWidth: 1, borderColor: '#e5e6eb', cornerRadius: 4 },
        verticalSplitLine: { lineColor: '#e5e6eb', lineWidth: 2 },
        verticalSplitLineMoveable: true,
      },
      scrollStyle: { visible: 'always', width: 10, scrollRailColor: '#f2f3f5', scrollSliderColor: '#c9cdd4' },
    });
    chart.current = gantt;
    gantt.on('change_date_range', (args) => void onDrag(args.record as GanttRecord, args.startDate, args.endDate));
    gantt.on('scroll', () => {
      lastScrollTop.current = gantt.scrollTop;
      setHover(null);
      remeasure();
    });
    gantt.on('mouseenter_task_bar', (args) => {
      const pointer = args.event as MouseEvent | undefined;
      const frame = element.getBoundingClientRect();
      const id = (args.record as GanttRecord | undefined)?.id;
      // Kept inside the chart: left of the pointer near the right edge, above it near the bottom.
      if (id && pointer)
        setHover({
          id,
          x: Math.max(0, Math.min(pointer.clientX - frame.left, frame.width - 390)),
          y: Math.max(0, Math.min(pointer.clientY - frame.top, frame.height - 170)),
        });
    });
    gantt.on('mouseleave_task_bar', () => setHover(null));
    // Where the planner left it, or the works under way: the first one not done, with a few rows above it.
    const current = latest.current.schedule.tasks.findIndex(
      (task) => task.kind !== 'summary' && task.status !== 'done',
    );
    const currentPath = current >= 0 ? paths.current.get(latest.current.schedule.tasks[current].id) : undefined;
    const currentRow = currentPath ? shownRow(gantt, currentPath) : -1;
    gantt.scrollTop = lastScrollTop.current ?? Math.max(0, (currentRow - 3) * ROW_HEIGHT);
    if (lastScrollTop.current === undefined && current >= 0) {
      // ... and their bars in view, today's line to their right.
      const [y, m, d] = latest.current.schedule.tasks[current].start.split('-').map(Number);
      gantt.scrollLeft = Math.max(0, gantt.getXByTime(new Date(y, m - 1, d - 7).getTime()));
    }
    remeasure();
    const resize = new ResizeObserver(() => {
      gantt._resize();
      remeasure();
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      cancelAnimationFrame(measureSoon.current);
      gantt.release();
      chart.current = null;
    };
    // Records and links go in through setRecords below; a new chart for a new zoom, baseline choice or project.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [zoom, showBaseline, editable, params.projectId]);

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const gantt = chart.current;
    if (!gantt) return;
    const { scrollTop, scrollLeft } = gantt;
    // The summaries the planner opened or closed stay so in the new plan.
    const states = openStates(gantt.records as GanttRecord[]);
    const keep = (list: GanttRecord[]) => {
      for (const record of list)
        if (record.children) {
          const state = states.get(record.id);
          if (state) (record as { hierarchyState?: string }).hierarchyState = state;
          keep(record.children);
        }
    };
    keep(records);
    gantt.updateDateRange(range.minDate, range.maxDate);
    gantt.setRecords(records);
    for (const link of [...(gantt.parsedOptions.dependencyLinks ?? [])]) gantt.deleteLink(link);
    for (const link of links) gantt.addLink(link as never);
    gantt.scrollTop = scrollTop;
    gantt.scrollLeft = scrollLeft;
    remeasure();
  }, [records, links, range, remeasure]);

  /** Brings a task's bar into view, near the top left. */
  const locate = (id: string) => {
    const gantt = chart.current;
    const path = paths.current.get(id);
    const task = byId.get(id);
    if (!gantt || !path || !task) return;
    reveal(gantt, path);
    const index = gantt.getTaskShowIndexByRecordIndex(path.length === 1 ? path[0] : path);
    gantt.scrollTop = Math.max(0, index * ROW_HEIGHT - ROW_HEIGHT * 2);
    const [y, m, d] = task.start.split('-').map(Number);
    gantt.scrollLeft = Math.max(0, gantt.getXByTime(new Date(y, m - 1, d).getTime()) - zoomScales(zoom).colWidth * 4);
    remeasure();
  };

  const locateLatest = useRef(locate);
  locateLatest.current = locate;
  const onLocate = useCallback((id: string) => locateLatest.current(id), []);

  const download = async (url: string, name: string, variables: Record<string, string>) => {
    setBusy(true);
    try {
      const envelope = await callApi<{ data: unknown }>(
        seams,
        { method: 'GET', url },
        { variables, responseType: 'blob' },
      );
      saveBlob(envelope.data, name);
    } catch {
      // the HTTP client has said why
    } finally {
      setBusy(false);
    }
  };

  const upload = async (picked: File) => {
    const body = new FormData();
    body.append('file', picked);
    setBusy(true);
    try {
      const envelope = await callApi<{
        msgCode: number;
        errMsg: string;
        data?: { errors?: { row?: number; field?: string; message: string }[] };
      }>(
        seams,
        { method: 'POST', url: '/api/planning/v1.0/import?projectId={projectId}' },
        { variables: { projectId: String(params.projectId ?? '') }, body, acceptCodes: [-400] },
      );
      if (envelope.msgCode === -400) {
        const first = envelope.data?.errors?.[0];
        Message.error(
          first
            ? `${first.row ? `第 ${first.row} 行` : ''}${first.field ? `（${first.field}）` : ''}：${first.message}`
            : envelope.errMsg,
        );
      } else {
        Message.success(envelope.errMsg || '导入成功');
        await mutate();
      }
    } catch {
      // the HTTP client has said why
    } finally {
      setBusy(false);
    }
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const { figures, calendar, baseline } = schedule;
  const gap = Math.round((figures.actualPercent - figures.plannedPercent) * 10) / 10;

  return (
    <div className="plan-gantt" data-testid="plan-gantt">
      <div className="plan-gantt-toolbar">
        <Space wrap size={12}>
          <Radio.Group type="button" value={zoom} onChange={(value: Zoom) => setZoom(value)} data-testid="gantt-zoom">
            {(Object.keys(ZOOM_LABELS) as Zoom[]).map((level) => (
              <Radio key={level} value={level}>
                {ZOOM_LABELS[level]}
              </Radio>
            ))}
          </Radio.Group>
          <Button onClick={() => chart.current?.scrollToMarkLine(new Date(schedule.today.replace(/-/g, '/')))}>
            今天
          </Button>
          <LocateSelect tasks={schedule.tasks} onLocate={onLocate} />
          {schedule.tasks.some((task) => task.kind === 'summary') && (
            <Button.Group>
              <Button
                onClick={() => {
                  chart.current?.taskListTableInstance?.expandAllTreeNode();
                  remeasure();
                }}
              >
                展开全部
              </Button>
              <Button
                onClick={() => {
                  chart.current?.taskListTableInstance?.collapseAllTreeNode();
                  remeasure();
                }}
              >
                折叠全部
              </Button>
            </Button.Group>
          )}
          {baseline && (
            <Checkbox checked={showBaseline} onChange={setShowBaseline}>
              显示基线
            </Checkbox>
          )}
        </Space>
        <Space wrap size={8}>
          <Button onClick={() => open({ path: '/lag/plan' })}>编辑计划</Button>
          {editable && (
            <>
              <Button loading={busy} onClick={() => fileInput.current?.click()}>
                导入
              </Button>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept=".xlsx,.xml"
                data-testid="gantt-import-file"
                onChange={(event) => {
                  const picked = event.target.files?.[0];
                  if (picked) void upload(picked);
                  event.target.value = '';
                }}
              />
            </>
          )}
          <Button
            loading={busy}
            onClick={() =>
              void download('/api/system/export/{pageId}', `${projectName}-进度计划.xlsx`, {
                pageId: 'plan-tasks',
                projectId: String(params.projectId ?? ''),
              })
            }
          >
            导出 Excel
          </Button>
          <Button
            loading={busy}
            data-testid="gantt-export-mspdi"
            onClick={() =>
              void download('/api/planning/v1.0/export/mspdi', `${projectName}-进度计划.xml`, {
                projectId: String(params.projectId ?? ''),
              })
            }
          >
            导出 MS Project
          </Button>
        </Space>
      </div>
      <div className="plan-gantt-figures" data-testid="gantt-figures">
        <span>
          计划 {schedule.projectStart} 至 {schedule.finish ?? '—'}
          {figures.finishVariance !== null && figures.finishVariance !== 0 && (
            <em className={figures.finishVariance > 0 ? 'late' : 'early'}>
              （较基线{figures.finishVariance > 0 ? '推迟' : '提前'} {Math.abs(figures.finishVariance)} 个工作日）
            </em>
          )}
        </span>
        <span>
          工作日历：{calendar.workWeekLabel}
          {calendar.statutoryHolidays ? '，法定节假日放假' : ''}
        </span>
        <span>
          计划进度 {figures.plannedPercent}% · 实际 {figures.actualPercent}%
          <em className={gap < 0 ? 'late' : 'early'}>
            （{gap > 0 ? '+' : ''}
            {gap}%）
          </em>
        </span>
        <span>
          关键工作 <b>{figures.criticalCount}</b> · 逾期{' '}
          <b className={figures.overdueCount > 0 ? 'late' : ''}>{figures.overdueCount}</b> · 应开未开{' '}
          <b>{figures.lateStartCount}</b>
        </span>
        {baseline && (
          <Tooltip content={`保存于 ${baseline.savedAt.slice(0, 16).replace('T', ' ')}`}>
            <span>基线：{baseline.name}</span>
          </Tooltip>
        )}
      </div>
      <div className="plan-gantt-legend" aria-hidden>
        <Tag color={COLORS.critical.done}>关键工作</Tag>
        <Tag color={COLORS.overdue.done}>已逾期</Tag>
        <Tag color={COLORS.normal.done}>非关键工作</Tag>
        <Tag color={COLORS.finished.done}>已完成</Tag>
        <Tag color={COLORS.summary.done}>摘要任务</Tag>
        <Tag color={COLORS.milestone}>◆ 里程碑</Tag>
        {baseline && showBaseline && <Tag color="gray">基线</Tag>}
        <Tag color={COLORS.today}>今天</Tag>
        {editable && (
          <span className="plan-gantt-hint">拖动横道调整开始日期，拖动右端调整工期；后续工作按前置关系自动顺延</span>
        )}
      </div>
      <div className="plan-gantt-chart" data-testid="gantt-chart" data-col-width={zoomScales(zoom).colWidth}>
        <div ref={box} className="plan-gantt-canvas" />
        {schedule.tasks.length === 0 && (
          <div className="plan-gantt-empty">
            本项目尚未编制进度计划：可在“进度计划”中新增任务，或导入 Excel、MS Project 计划
          </div>
        )}
        {hover && byId.get(hover.id) && <BarTip task={byId.get(hover.id)!} x={hover.x} y={hover.y} />}
      </div>
      <ol className="plan-gantt-text" aria-label="甘特图任务（文字版）" data-testid="gantt-rows">
        {schedule.tasks.map((task) => (
          <TaskText key={task.id} task={task} rect={rects.get(task.id)} />
        ))}
      </ol>
    </div>
  );
}
