/**
 * MS Project XML (MSPDI, the `http://schemas.microsoft.com/project` schema): the file planners exchange between MS
 * Project, 广联达斑马进度, P6 and the rest. Written with the project's calendar (its work week and days off as
 * exceptions), every task in WBS order (UID, ID, WBS, outline level, start, finish, duration in hours of an 8-hour
 * day, milestone and summary flags, critical, total slack, percent and actual dates, a start-no-earlier-than
 * constraint, notes, its predecessors with type and lag, its baseline) and each responsible person as a resource
 * assigned to the task; the platform's task id rides in the custom field Text1 (平台任务标识), so a file sent out
 * and back keeps its tasks. Read with fast-xml-parser; a file with a DOCTYPE (entities) is refused.
 */
import { XMLParser } from 'fast-xml-parser';
import { dateOfEpochDay, epochDay, isDate, weekdayOf, type WorkWeek } from './calendar.js';
import type { LinkType } from './cpm.js';
import type { ImportedDocument, ImportedTask, RowError } from './exchange.js';
import type { Schedule, SettingInput } from './schedule-model.js';

/** MSPDI's relation codes. */
const LINK_CODES: Record<LinkType, number> = { FF: 0, FS: 1, SF: 2, SS: 3 };
const LINK_OF_CODE: Record<string, LinkType> = { '0': 'FF', '1': 'FS', '2': 'SF', '3': 'SS' };
/** The custom field Text1, which carries the platform's task id. */
const TEXT1_FIELD = '188743731';
const MINUTES_PER_DAY = 480;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot carry.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

const element = (name: string, value: string | number | undefined | null) =>
  value === undefined || value === null || value === '' ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;

/** Working days as MSPDI's duration: hours of an 8-hour day. */
const hours = (days: number) => `PT${days * 8}H0M0S`;

export interface MspdiContext {
  projectName: string;
  schedule: Schedule;
  setting: SettingInput | null;
  /** The days off of the schedule's range, beyond the work week (holidays, the project's own). */
  exceptions: string[];
  /** Extra working days on what the work week keeps off. */
  workingExceptions: string[];
}

/** Consecutive days as ranges. */
function ranges(days: readonly string[]): { from: string; to: string }[] {
  const sorted = [...new Set(days)].sort();
  const out: { from: string; to: string }[] = [];
  for (const day of sorted) {
    const last = out[out.length - 1];
    if (last && epochDay(day) === epochDay(last.to) + 1) last.to = day;
    else out.push({ from: day, to: day });
  }
  return out;
}

function weekDays(workWeek: WorkWeek): string {
  const working = (dayType: number) =>
    workWeek === '7' ? true : workWeek === '6' ? dayType !== 1 : dayType !== 1 && dayType !== 7;
  const times =
    '<WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime>' +
    '<WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes>';
  return [1, 2, 3, 4, 5, 6, 7]
    .map(
      (dayType) =>
        `<WeekDay><DayType>${dayType}</DayType><DayWorking>${working(dayType) ? 1 : 0}</DayWorking>${working(dayType) ? times : ''}</WeekDay>`,
    )
    .join('');
}

export function writeMspdi(context: MspdiContext): string {
  const { schedule } = context;
  const workWeek = context.setting?.workWeek ?? '7';
  const uidOf = new Map(schedule.tasks.map((task) => [task.id, task.seq]));
  const people = [
    ...new Set(schedule.tasks.map((task) => task.responsibleName).filter((name): name is string => Boolean(name))),
  ];
  const resourceUid = new Map(people.map((name, index) => [name, index + 1]));
  const incoming = new Map<string, Schedule['links']>();
  for (const link of schedule.links) incoming.set(link.successorId, [...(incoming.get(link.successorId) ?? []), link]);

  const exceptions = [
    ...ranges(context.exceptions).map(
      (range) =>
        `<WeekDay><DayType>0</DayType><DayWorking>0</DayWorking><TimePeriod><FromDate>${range.from}T00:00:00</FromDate><ToDate>${range.to}T23:59:00</ToDate></TimePeriod></WeekDay>`,
    ),
    ...ranges(context.workingExceptions).map(
      (range) =>
        `<WeekDay><DayType>0</DayType><DayWorking>1</DayWorking><TimePeriod><FromDate>${range.from}T00:00:00</FromDate><ToDate>${range.to}T23:59:00</ToDate></TimePeriod>` +
        '<WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime><WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>',
    ),
  ].join('');

  const tasks = schedule.tasks.map((task) => {
    const milestone = task.kind === 'milestone';
    const links = (incoming.get(task.id) ?? [])
      .filter((link) => uidOf.has(link.predecessorId))
      .map(
        (link) =>
          `<PredecessorLink><PredecessorUID>${uidOf.get(link.predecessorId)}</PredecessorUID><Type>${LINK_CODES[link.type]}</Type>` +
          `<CrossProject>0</CrossProject><LinkLag>${link.lag * MINUTES_PER_DAY * 10}</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`,
      )
      .join('');
    const baseline =
      task.baselineStart && task.baselineFinish
        ? `<Baseline><Number>0</Number><Start>${task.baselineStart}T08:00:00</Start><Finish>${task.baselineFinish}T17:00:00</Finish></Baseline>`
        : '';
    return (
      '<Task>' +
      element('UID', task.seq) +
      element('ID', task.seq) +
      element('Name', task.name) +
      '<Type>1</Type><IsNull>0</IsNull>' +
      element('WBS', task.wbs) +
      element('OutlineNumber', task.wbs) +
      element('OutlineLevel', task.level) +
      element('Start', `${task.start}T08:00:00`) +
      element('Finish', `${task.finish}T17:00:00`) +
      element('Duration', hours(task.kind === 'milestone' ? 0 : task.duration)) +
      '<DurationFormat>7</DurationFormat>' +
      element('Milestone', milestone ? 1 : 0) +
      element('Summary', task.kind === 'summary' ? 1 : 0) +
      element('Critical', task.critical ? 1 : 0) +
      element('PercentComplete', task.percentComplete) +
      element('ActualStart', task.actualStart ? `${task.actualStart}T08:00:00` : undefined) +
      element('ActualFinish', task.actualFinish ? `${task.actualFinish}T17:00:00` : undefined) +
      element('TotalSlack', task.totalFloat * MINUTES_PER_DAY * 10) +
      element('FreeSlack', task.freeFloat * MINUTES_PER_DAY * 10) +
      element('ConstraintType', task.constraintStart ? 4 : 0) +
      element('ConstraintDate', task.constraintStart ? `${task.constraintStart}T08:00:00` : undefined) +
      element('Notes', task.remark) +
      links +
      `<ExtendedAttribute><FieldID>${TEXT1_FIELD}</FieldID><Value>${escapeXml(task.id)}</Value></ExtendedAttribute>` +
      baseline +
      '</Task>'
    );
  });

  const assignments = schedule.tasks
    .filter((task) => task.responsibleName && task.kind !== 'summary')
    .map(
      (task, index) =>
        `<Assignment><UID>${index + 1}</UID><TaskUID>${task.seq}</TaskUID><ResourceUID>${resourceUid.get(task.responsibleName!)}</ResourceUID><Units>1</Units></Assignment>`,
    )
    .join('');
  const finish = schedule.finish ?? schedule.projectStart;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Project xmlns="http://schemas.microsoft.com/project">' +
    '<SaveVersion>14</SaveVersion>' +
    element('Name', `${context.projectName}.xml`) +
    element('Title', context.projectName) +
    '<ScheduleFromStart>1</ScheduleFromStart>' +
    element('StartDate', `${schedule.projectStart}T08:00:00`) +
    element('FinishDate', `${finish}T17:00:00`) +
    '<FYStartDate>1</FYStartDate><CriticalSlackLimit>0</CriticalSlackLimit><CurrencyDigits>2</CurrencyDigits>' +
    '<CurrencySymbol>¥</CurrencySymbol><CurrencyCode>CNY</CurrencyCode><CalendarUID>1</CalendarUID>' +
    '<DefaultStartTime>08:00:00</DefaultStartTime><DefaultFinishTime>17:00:00</DefaultFinishTime>' +
    `<MinutesPerDay>${MINUTES_PER_DAY}</MinutesPerDay><MinutesPerWeek>${MINUTES_PER_DAY * Number(workWeek)}</MinutesPerWeek>` +
    `<DaysPerMonth>${workWeek === '7' ? 30 : workWeek === '6' ? 26 : 20}</DaysPerMonth>` +
    '<DurationFormat>7</DurationFormat><WorkFormat>2</WorkFormat><NewTasksAreManual>0</NewTasksAreManual>' +
    element('StatusDate', `${schedule.today}T08:00:00`) +
    element('CurrentDate', `${schedule.today}T08:00:00`) +
    `<ExtendedAttributes><ExtendedAttribute><FieldID>${TEXT1_FIELD}</FieldID><FieldName>Text1</FieldName><Alias>平台任务标识</Alias></ExtendedAttribute></ExtendedAttributes>` +
    `<Calendars><Calendar><UID>1</UID><Name>项目日历</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID><WeekDays>${weekDays(workWeek)}${exceptions}</WeekDays></Calendar></Calendars>` +
    `<Tasks><Task><UID>0</UID><ID>0</ID>${element('Name', context.projectName)}<Type>1</Type><OutlineNumber>0</OutlineNumber><OutlineLevel>0</OutlineLevel>` +
    `${element('Start', `${schedule.projectStart}T08:00:00`)}${element('Finish', `${finish}T17:00:00`)}<Summary>1</Summary></Task>${tasks.join('')}</Tasks>` +
    `<Resources>${people.map((name) => `<Resource><UID>${resourceUid.get(name)}</UID><ID>${resourceUid.get(name)}</ID>${element('Name', name)}<Type>1</Type></Resource>`).join('')}</Resources>` +
    `<Assignments>${assignments}</Assignments>` +
    '</Project>\n'
  );
}

type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'Task',
  'PredecessorLink',
  'Calendar',
  'WeekDay',
  'Resource',
  'Assignment',
  'Exception',
  'ExtendedAttribute',
  'WorkingTime',
  'TimePeriod',
]);

const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'object' ? undefined : String(value).trim();
const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value ? [value as Node] : []);
const dateOfTime = (value: unknown): string | undefined => {
  const text = textOf(value)?.slice(0, 10);
  return text && isDate(text) ? text : undefined;
};

/** An ISO 8601 duration (PT40H0M0S, P5DT0H0M0S) in minutes. */
function minutesOf(value: unknown): number | undefined {
  const text = textOf(value);
  if (!text) return undefined;
  const match = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    text,
  );
  if (!match) return undefined;
  const [, days, hoursText, minutes, seconds] = match;
  return Number(days ?? 0) * 24 * 60 + Number(hoursText ?? 0) * 60 + Number(minutes ?? 0) + Number(seconds ?? 0) / 60;
}

export const MspdiMessages = {
  notXml: '不是 MS Project XML 文件（应以 <Project xmlns="http://schemas.microsoft.com/project"> 为根）',
  doctype: '不支持包含 DOCTYPE 声明的 XML 文件',
  unreadable: 'XML 文件格式不正确，无法读取',
} as const;

/** Reads an MSPDI file into a document, or the reasons it cannot. */
export function readMspdi(xml: string): { document: ImportedDocument; errors: RowError[] } {
  const none = (message: string) => ({ document: { tasks: [] }, errors: [{ message }] });
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return none(MspdiMessages.doctype);
  let parsed: Node;
  try {
    parsed = new XMLParser({
      ignoreAttributes: true,
      parseTagValue: false,
      processEntities: true,
      htmlEntities: false,
      isArray: (name) => ARRAYS.has(name),
    }).parse(xml) as Node;
  } catch {
    return none(MspdiMessages.unreadable);
  }
  const project = parsed.Project as Node | undefined;
  if (!project || typeof project !== 'object') return none(MspdiMessages.notXml);
  const minutesPerDay = Number(textOf(project.MinutesPerDay) ?? MINUTES_PER_DAY) || MINUTES_PER_DAY;
  const days = (minutes: number | undefined) =>
    minutes === undefined ? undefined : Math.round(minutes / minutesPerDay);

  const resources = new Map(
    list((project.Resources as Node | undefined)?.Resource).map((resource) => [
      textOf(resource.UID) ?? '',
      textOf(resource.Name) ?? '',
    ]),
  );
  const responsible = new Map<string, string>();
  for (const assignment of list((project.Assignments as Node | undefined)?.Assignment)) {
    const task = textOf(assignment.TaskUID) ?? '';
    const name = resources.get(textOf(assignment.ResourceUID) ?? '');
    if (name && !responsible.has(task)) responsible.set(task, name);
  }

  const errors: RowError[] = [];
  const tasks: ImportedTask[] = [];
  for (const [index, node] of list((project.Tasks as Node | undefined)?.Task).entries()) {
    const uid = textOf(node.UID) ?? '';
    const level = Number(textOf(node.OutlineLevel) ?? 1);
    if (uid === '0' || level === 0 || textOf(node.IsNull) === '1') continue;
    const row = Number(textOf(node.ID) ?? index) || index;
    const milestone = textOf(node.Milestone) === '1';
    const duration = milestone ? 0 : (days(minutesOf(node.Duration)) ?? 0);
    const constraintType = textOf(node.ConstraintType);
    const constraintDate = dateOfTime(node.ConstraintDate);
    const text1 = list(node.ExtendedAttribute).find((attribute) => textOf(attribute.FieldID) === TEXT1_FIELD);
    const id = textOf(text1?.Value) ?? textOf(node.GUID);
    const percent = Number(textOf(node.PercentComplete) ?? 0);
    const predecessors = list(node.PredecessorLink).map((link) => {
      const format = textOf(link.LagFormat);
      // Lags are tenths of minutes: of working days (d, 7), or of elapsed days (ed, 8).
      const tenths = Number(textOf(link.LinkLag) ?? 0);
      const lag = Math.round(tenths / 10 / (format === '8' ? 24 * 60 : minutesPerDay));
      return { key: textOf(link.PredecessorUID) ?? '', type: LINK_OF_CODE[textOf(link.Type) ?? '1'] ?? 'FS', lag };
    });
    const name = textOf(node.Name) ?? '';
    tasks.push({
      key: uid,
      row,
      ...(id ? { id } : {}),
      level: Number.isFinite(level) && level > 0 ? level : 1,
      name,
      milestone,
      duration,
      ...(dateOfTime(node.Start) ? { start: dateOfTime(node.Start) } : {}),
      ...((constraintType === '4' || constraintType === '2') && constraintDate
        ? { constraintStart: constraintDate }
        : {}),
      ...(responsible.has(uid) ? { responsibleName: responsible.get(uid) } : {}),
      ...(Number.isFinite(percent) ? { percentComplete: percent } : {}),
      ...(dateOfTime(node.ActualStart) ? { actualStart: dateOfTime(node.ActualStart) } : {}),
      ...(dateOfTime(node.ActualFinish) ? { actualFinish: dateOfTime(node.ActualFinish) } : {}),
      ...(textOf(node.Notes) ? { remark: textOf(node.Notes)!.slice(0, 500) } : {}),
      predecessors,
    });
  }
  const calendar = readCalendar(project);
  const start = dateOfTime(project.StartDate);
  return {
    document: { tasks, ...(start ? { projectStart: start } : {}), ...(calendar ? { calendar } : {}) },
    errors,
  };
}

/** The project calendar's work week and exceptions (MS Project 2003's WeekDay/TimePeriod and 2007's Exceptions). */
function readCalendar(project: Node): ImportedDocument['calendar'] | undefined {
  const calendars = list((project.Calendars as Node | undefined)?.Calendar);
  const uid = textOf(project.CalendarUID) ?? '1';
  const calendar = calendars.find((item) => textOf(item.UID) === uid) ?? calendars[0];
  if (!calendar) return undefined;
  const weekDays = list((calendar.WeekDays as Node | undefined)?.WeekDay);
  const offTypes = new Set(
    weekDays
      .filter((day) => textOf(day.DayType) !== '0' && textOf(day.DayWorking) === '0')
      .map((day) => textOf(day.DayType)),
  );
  const workWeek: WorkWeek = offTypes.has('1') && offTypes.has('7') ? '5' : offTypes.has('1') ? '6' : '7';
  const nonWorkingDays: string[] = [];
  const workingDays: string[] = [];
  const spread = (from: string | undefined, to: string | undefined, working: boolean) => {
    if (!from) return;
    const last = to && to >= from ? to : from;
    for (let day = epochDay(from); day <= Math.min(epochDay(last), epochDay(from) + 366); day += 1) {
      const date = dateOfEpochDay(day);
      const weekday = weekdayOf(day) + 1;
      const weekOff = offTypes.has(String(weekday));
      if (working && weekOff) workingDays.push(date);
      if (!working && !weekOff) nonWorkingDays.push(date);
    }
  };
  for (const day of weekDays.filter((item) => textOf(item.DayType) === '0'))
    for (const period of list(day.TimePeriod))
      spread(dateOfTime(period.FromDate), dateOfTime(period.ToDate), textOf(day.DayWorking) === '1');
  for (const exception of list((calendar.Exceptions as Node | undefined)?.Exception))
    for (const period of list(exception.TimePeriod))
      spread(dateOfTime(period.FromDate), dateOfTime(period.ToDate), textOf(exception.DayWorking) === '1');
  return { workWeek, nonWorkingDays: collapse(nonWorkingDays), workingDays: collapse(workingDays) };
}

/** Days as the settings' list writes them: ranges `from~to`. */
function collapse(days: string[]): string[] {
  return ranges(days).map((range) => (range.from === range.to ? range.from : `${range.from}~${range.to}`));
}
