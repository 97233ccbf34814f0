/**
 * 混凝土管理 (module concrete): pours and mixes are collections; this plugin adds what no file declares. A pour's
 * sensors must be concrete-temperature devices of its own project, a slab, beam, arch or shell needs its span (the
 * formwork-removal strength depends on it, formwork.ts), and two calls give the two screens their data for one pour
 * (the project's latest when none is named): its temperatures with the GB 50496 limits and its open warnings, and
 * its maturity and estimated strength (pour-views.ts, maturity.ts). Temperatures are the IoT platform's hour
 * rollups, read through its telemetry store.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  ApiError,
  chinaDateTime,
  type CollectionRecords,
  invalidField,
  type ModulePlugin,
  MsgCode,
  ok,
  recordAccess,
  type RecordValues,
  security,
} from '../../../src/server/module-api.js';
import { TelemetryStore } from '../../iot/server/public.js';
import { formworkRule, needsSpan } from './formwork.js';
import { DATUM_C, fitStrengthCurve, type CalibrationPoint } from './maturity.js';
import {
  curveText,
  shortText,
  estimateStrength,
  METRICS,
  strengthState,
  strengthView,
  temperatureView,
  type ListRow,
  type PourRecord,
  type SensorHistory,
} from './pour-views.js';

export const CONCRETE_VIEW = 'concrete:pour:view';
const SENSOR_TYPE = 'concrete-temperature';
const HOUR_MS = 3600_000;
/** The pours the strength screen lists with their state, newest first. */
const POUR_LIST_SIZE = 20;

export const ConcreteMessages = {
  sensorElsewhere: '测温设备须为本项目的大体积混凝土测温设备',
  spanMissing: '板、梁、拱、壳须填写跨度，底模拆除强度按构件跨度确定（GB 50666-2011 表4.5.2）',
  noPour: '本项目暂无浇筑记录，请先在“浇筑记录”中登记',
} as const;

interface PourQuery {
  projectId?: string;
  pourId?: string;
}

const querystring = {
  type: 'object',
  properties: {
    projectId: { type: 'string', maxLength: 64 },
    pourId: { type: 'string', maxLength: 64 },
  },
} as const;

function collection(app: Parameters<ModulePlugin>[0], id: string): CollectionRecords {
  const records = app.collections.get(id);
  if (!records) throw new Error(`modules/concrete: the collection ${id} is missing`);
  return records;
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** `2026-11-12` and `08:30` (China time) as an instant. */
function pouredAt(row: RecordValues): number {
  const day = String(row.pourDate ?? '').slice(0, 10);
  const time = /^\d{2}:\d{2}$/.test(String(row.pourTime ?? '')) ? String(row.pourTime) : '00:00';
  return Date.parse(`${day}T${time}:00+08:00`);
}

const numberOf = (value: unknown): number | undefined =>
  value === null || value === undefined || value === '' || !Number.isFinite(Number(value)) ? undefined : Number(value);

/** A pour as the views read it; the maturity's datum is its mix's (0 ℃ unless the mix says otherwise). */
function pourRecord(row: RecordValues, mix?: RecordValues): PourRecord {
  const design = Number(row.designStrength);
  const percent = numberOf(row.formworkPercent);
  const rule = formworkRule(
    String(row.member ?? ''),
    numberOf(row.span),
    percent !== undefined && Number.isInteger(percent) && percent > 0 ? percent : undefined,
  );
  return {
    id: String(row.id),
    name: String(row.name ?? ''),
    grade: String(row.grade ?? ''),
    gradeLabel: String(row.gradeLabel ?? row.grade ?? ''),
    mixLabel: String(row.mixIdLabel ?? ''),
    statusLabel: String(row.statusLabel ?? ''),
    pouredAt: pouredAt(row),
    designStrength: Number.isFinite(design) && design > 0 ? design : undefined,
    formworkPercent: rule.percent,
    formworkBasis: rule.basis,
    datum: numberOf(mix?.datumTemperature) ?? DATUM_C,
    placingTemperature: numberOf(row.placingTemperature),
  };
}

const plugin: ModulePlugin = async (app) => {
  const pours = collection(app, 'concrete-pour');
  const mixes = collection(app, 'concrete-mix');
  const points = collection(app, 'concrete-mix-point');
  const devices = collection(app, 'iot-device');
  const warnings = collection(app, 'iot-warning');
  const store = new TelemetryStore(app.services.db);
  const now = () => app.services.config.now().getTime();
  const access = recordAccess(app);

  /** A mix's calibration points (its item rows), in order of maturity. */
  const calibrationOf = async (mix: RecordValues | undefined): Promise<CalibrationPoint[]> => {
    if (!mix) return [];
    const page = await points.list({
      projectId: String(mix.projectId),
      pageNo: 1,
      pageSize: 100,
      filters: { mixId: String(mix.id) },
    });
    return page.dataList.map((p) => ({ maturity: Number(p.maturity), strength: Number(p.strength) }));
  };

  // A mix's list shows how many points it has and the curve fitted to them, as the strength screen uses it.
  mixes.extendReads(async (rows) => {
    for (const row of rows) {
      const calibration = await calibrationOf(row);
      row.pointCount = calibration.length;
      row.curveText = curveText(fitStrengthCurve(calibration));
    }
  });
  // A mix's points go with it.
  mixes.onWrite(async (write) => {
    if (write.kind === 'remove')
      await sql`delete from ${sql.table(points.table)} where mix_id = ${write.id}`.execute(write.db);
  });
  // A pour's sensors are concrete-temperature devices (that they and its mix are of its own project, the
  // collection file's references say).
  pours.onWrite(async (write) => {
    if (write.kind === 'remove') return;
    const pour = await write.records('concrete-pour').get(write.id);
    if (
      needsSpan(String(pour.member ?? '')) &&
      numberOf(pour.span) === undefined &&
      numberOf(pour.formworkPercent) === undefined
    )
      throw invalidField('span', ConcreteMessages.spanMissing);
    for (const id of stringList(pour.sensorIds)) {
      const device = await write
        .records('iot-device')
        .get(id)
        .catch(() => undefined);
      if (!device || device.deviceType !== SENSOR_TYPE)
        throw invalidField('sensorIds', ConcreteMessages.sensorElsewhere);
    }
  });

  /** The pour asked for (-404 outside the caller's projects), or the project's latest (-403 outside them). */
  const pourOf = async (request: FastifyRequest<{ Querystring: PourQuery }>): Promise<RecordValues | undefined> => {
    const { pourId, projectId } = request.query;
    if (pourId) {
      await access.checkRecord(request, pours, pourId);
      return pours.get(pourId);
    }
    if (!projectId) throw new ApiError(MsgCode.invalidInput, '请先选择项目');
    await access.checkProject(request, projectId);
    const page = await pours.list({ projectId, pageNo: 1, pageSize: 1, sort: '-pourDate', filters: {} });
    return page.dataList[0];
  };

  /** Each sensor's hour rollups since the hour of the pour. */
  const historyOf = async (pour: RecordValues, from: number): Promise<SensorHistory[]> => {
    const sensors: SensorHistory[] = [];
    const since = new Date(Math.floor(from / HOUR_MS) * HOUR_MS);
    for (const id of stringList(pour.sensorIds)) {
      const device = await devices.get(id).catch(() => undefined);
      const history: SensorHistory = { id, name: String(device?.name ?? id), hours: {} };
      for (const metric of METRICS)
        history.hours[metric] = (await store.series(id, [metric], since, 'hour')).map((p) => ({
          t: p.t.getTime(),
          value: p.avg,
        }));
      sensors.push(history);
    }
    return sensors;
  };

  const mixOf = async (pour: RecordValues) =>
    pour.mixId ? await mixes.get(String(pour.mixId)).catch(() => undefined) : undefined;

  app.get<{ Querystring: PourQuery }>(
    '/api/concrete/v1.0/temperature',
    {
      config: { auth: 'user', permission: CONCRETE_VIEW },
      schema: {
        tags: ['concrete'],
        summary:
          "A pour's probe temperatures and the GB 50496-2018 controls (rise over the placing temperature, " +
          'core-to-surface difference, cooling rate, surface-to-air difference), open warnings',
        description:
          'For pourId, or the latest pour of projectId. Rows {name: ISO hour, value, series} of the hour rollups ' +
          'since the pour; limit lines of 25 ℃ and 2 ℃/d as series of their own; summary texts of the rise over ' +
          'the placing temperature (≤ 50 ℃), 里表温差 (≤ 25 ℃), cooling (≤ 2.0 ℃/d) and surface-to-air (≤ 20 ℃).',
        security,
        querystring,
      },
    },
    async (request) => {
      const row = await pourOf(request);
      if (!row) return ok(ConcreteMessages.noPour, { summary: { name: ConcreteMessages.noPour } });
      const pour = pourRecord(row);
      const sensors = await historyOf(row, pour.pouredAt);
      const view = temperatureView(pour, sensors, now());
      const open: ListRow[] = [];
      for (const sensor of sensors)
        for (const status of ['open', 'acknowledged']) {
          const page = await warnings.list({
            projectId: String(row.projectId),
            pageNo: 1,
            pageSize: 20,
            filters: { deviceId: sensor.id, status },
          });
          for (const warning of page.dataList)
            open.push({
              id: String(warning.id),
              title: `${sensor.name}：${String(warning.title)}（${String(warning.valueText ?? warning.value)}）`,
              time: chinaDateTime(new Date(String(warning.openedAt))).slice(0, 16),
              tag: String(warning.statusLabel ?? status),
            });
        }
      open.sort((a, b) => b.time.localeCompare(a.time));
      return ok('', { ...view, summary: { ...view.summary, warningsText: `${open.length} 条` }, warnings: open });
    },
  );

  app.get<{ Querystring: PourQuery }>(
    '/api/concrete/v1.0/strength',
    {
      config: { auth: 'user', permission: CONCRETE_VIEW },
      schema: {
        tags: ['concrete'],
        summary: "A pour's maturity and estimated strength (Nurse-Saul, ASTM C1074), and the project's pours",
        description:
          'For pourId, or the latest pour of projectId: maturity M = Σ(T − T0)·Δt of each probe from the hour ' +
          'rollups since the pour, T0 the mix’s datum temperature (0 ℃ unless determined by test, ASTM C1074); ' +
          'the least mature probe governs; strength from the mix curve S = a + b·ln(M) fitted to its calibration ' +
          'points; the formwork-removal strength by member and span (GB 50666-2011 表4.5.2) or the design’s own; ' +
          'the time the formwork and design strengths are or will be reached (the last day’s temperature trend ' +
          'continued). summary holds the figures.',
        security,
        querystring,
      },
    },
    async (request) => {
      const row = await pourOf(request);
      if (!row) return ok(ConcreteMessages.noPour, { summary: { name: ConcreteMessages.noPour }, pours: [] });
      const mix = await mixOf(row);
      const pour = pourRecord(row, mix);
      const at = now();
      const view = strengthView(pour, await calibrationOf(mix), await historyOf(row, pour.pouredAt), at);
      const list = await pours.list({
        projectId: String(row.projectId),
        pageNo: 1,
        pageSize: POUR_LIST_SIZE,
        sort: '-pourDate',
        filters: {},
      });
      const rows: ListRow[] = [];
      for (const other of list.dataList) {
        const otherMix = await mixOf(other);
        const record = pourRecord(other, otherMix);
        const estimate = estimateStrength(
          record,
          await calibrationOf(otherMix),
          await historyOf(other, record.pouredAt),
          at,
        );
        rows.push({
          id: record.id,
          title: `${record.name} ${record.gradeLabel} ${record.statusLabel}${estimate.missing ? '' : `，推定 ${estimate.strength.toFixed(1)}MPa`}`,
          time: `${shortText(record.pouredAt)} 浇筑`,
          tag: strengthState(estimate),
        });
      }
      return ok('', { ...view, pours: rows });
    },
  );
};

export default plugin;
