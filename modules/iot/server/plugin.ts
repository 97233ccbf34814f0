/**
 * The IoT platform (module iot): the device registry is the collection iot-device; this plugin adds what no
 * schema file declares: device types, ingestion of readings over signed HTTP and MQTT (embedded broker or an
 * external one), telemetry storage with rollups and monthly partitions, and the calls the screens chart from.
 */
import { sql } from 'kysely';
import { Counter, Gauge } from 'prom-client';
import { chinaDateTime, invalidField, type ModulePlugin, TtlCache } from '../../../src/server/module-api.js';
import { CycleStore } from './cycles.js';
import {
  effectiveThresholds,
  loadDeviceTypes,
  offlineAfterSeconds,
  overrideProblem,
  storedOverrides,
  thresholdUnit,
} from './device-types.js';
import { LiveValues } from './live-values.js';
import { monitoringRoutes, type OnlineLabel } from './monitoring-routes.js';
import { deviceRoutes } from './device-routes.js';
import { devWarnDataRoute } from './dev-warn-data.js';
import { createIngestion } from './ingestion.js';
import { startEmbeddedBroker, subscribeExternalBroker, telemetryTopic, type MqttIngress } from './mqtt.js';
import { startSimulator } from './simulator.js';
import { TelemetryStore } from './telemetry-store.js';
import { userRoutes } from './user-routes.js';
import { applyRetention, RETENTION_CRON, RETENTION_JOB } from './retention.js';
import { rollupDataset } from './rollup-dataset.js';
import { dailyFalls, exceedances, risesFromFirst, windowAverages } from './rules.js';
import { iotSettings } from './settings.js';
import { Warnings } from './warnings.js';

const DAY_MS = 24 * 3600_000;
const MONTH_MS = 31 * DAY_MS;

const iot: ModulePlugin = async (app, { module, settings: declared }) => {
  const { db, config } = app.services;
  const settings = iotSettings(declared, config.demo);
  const devices = app.collections.get('iot-device');
  if (!devices) throw new Error('modules/iot: the collection iot-device is missing');
  const types = loadDeviceTypes(module.dir);
  const store = new TelemetryStore(db);
  const now = config.now;

  // For the operator's scraper (GET /metrics): what is stored, and what waits to be.
  const valuesStored = new Counter({
    name: 'portal_iot_values_stored_total',
    help: 'Metric values of device readings stored by this instance',
    registers: [app.metrics],
  });
  new Gauge({
    name: 'portal_iot_write_backlog',
    help: 'Device messages waiting for the next write of this instance',
    registers: [app.metrics],
    collect() {
      this.set(store.backlog);
    },
  });

  // The hour rollups as a data set beside the collections (数据可视化, the big screens): figures only.
  app.services.dataSets.register(rollupDataset(db, types, now));

  // This month and its neighbours exist before the first reading.
  const today = now();
  await store.ensurePartitions(new Date(today.getTime() - MONTH_MS), new Date(today.getTime() + MONTH_MS));
  // Old telemetry goes by a daily job (retention.ts), and once at start, after a server was down for a while.
  // Exclusive: one retention run at a time, whether the schedule or a start sent it.
  app.jobs.work(RETENTION_JOB, async () => applyRetention(db, store, now(), settings.retentionMonths), {
    exclusive: true,
    label: '设备数据清理',
  });
  await app.jobs.schedule(RETENTION_JOB, RETENTION_CRON, {});
  await app.jobs.send(RETENTION_JOB, {});

  const warningRecords = app.collections.get('iot-warning');
  if (!warningRecords) throw new Error('modules/iot: the collection iot-warning is missing');
  // A new warning opens pages' lists again; the 设备预警 message to the device's responsible person, and its
  // escalation, come from alerts/device-warning.json.
  const warnings = new Warnings(
    db,
    warningRecords,
    async ({ device }) => {
      // Open warning pages read their list again (the event says only which project; the list call checks who sees it).
      await app.services.events.publish(
        { topic: 'all' },
        { type: 'iot.warning', data: { projectId: device.projectId } },
      );
    },
    (error, device) => app.log.error({ err: error, serial: device.serial }, 'iot warning claimed but not written'),
  );
  // A warning written (acknowledged, closed, removed) lets the next crossing of its threshold try to open one again.
  warningRecords.onWrite(async (write) => {
    if (write.before) warnings.forget(String(write.before.deviceId), String(write.before.thresholdId));
  });
  // A warning reads as people say it: "104.2% / 100%", and whether it is an alarm still waiting for someone.
  warningRecords.extendReads(async (rows) => {
    // Where the device stands and who answers for it: what a hazard registered from the warning starts with.
    const deviceIds = [...new Set(rows.map((row) => String(row.deviceId ?? '')).filter(Boolean))];
    const deviceOf = new Map(
      await Promise.all(deviceIds.map(async (id) => [id, await devices.get(id).catch(() => undefined)] as const)),
    );
    for (const row of rows) {
      const device = deviceOf.get(String(row.deviceId ?? ''));
      row.deviceLocation = typeof device?.location === 'string' ? device.location : '';
      row.deviceResponsibleId = typeof device?.responsibleId === 'string' ? device.responsibleId : '';
      row.warningLink = `/iotDevices/warning/${String(row.id)}`;
      const unit = typeof row.unit === 'string' ? row.unit : '';
      row.valueText = `${String(row.value)}${unit} / ${String(row.limit)}${unit}`;
      row.hazardDescription = `${String(device?.name ?? '')}：${String(row.title)}（${String(row.valueText)}）`;
      row.isAlarm = row.level === 'alarm';
      row.isOpen = row.status === 'open';
      if (typeof row.openedAt === 'string') row.openedAtText = chinaDateTime(new Date(row.openedAt)).slice(0, 16);
    }
  });
  // Pages showing a project's live values read them again on `iot.reading` (at most once a minute).
  const live = new LiveValues(
    db,
    (target, event) => app.services.events.publish(target, event),
    (error) => app.log.warn({ err: error }, 'iot live values not announced'),
  );
  const cycles = new CycleStore(db, now);
  // The daily rules' days already judged, per device, rule and China day (rules.ts).
  const judgedDays = new TtlCache<string, true>(DAY_MS + 3600_000, 200_000);
  // The windowed rules' windows already judged here, and each device's first reading of a metric (rules.ts).
  const judgedWindows = new TtlCache<string, true>(2 * 3600_000, 200_000);
  const firstValues = new TtlCache<string, number | null>(3600_000, 200_000);
  const ingestion = createIngestion({
    store,
    types,
    now,
    retentionMonths: settings.retentionMonths,
    log: app.log,
    onStored: async (result, device, type) => {
      valuesStored.inc(result.stored);
      live.stored(device.projectId, device.deviceId);
      cycles.stored(
        device.deviceId,
        result.readings.map((reading) => reading.ts),
      );
      const thresholds = effectiveThresholds(type, device.overrides);
      const crossings = [
        ...exceedances(thresholds, result.readings),
        ...(await dailyFalls(store, device.deviceId, thresholds, result.readings, judgedDays)),
        ...(await risesFromFirst(store, device.deviceId, thresholds, result.readings, firstValues)),
        ...(await windowAverages(
          store,
          device.deviceId,
          thresholds,
          result.readings,
          type.reportEverySeconds ?? 60,
          judgedWindows,
        )),
      ];
      if (crossings.length > 0) await warnings.open(device, type, crossings);
    },
  });

  // A device's own thresholds name thresholds of its type, with plausible values; the rules read them at once.
  devices.onWrite(async (write) => {
    if (write.kind === 'create' || write.kind === 'update') {
      const record = await write.records('iot-device').get(write.id);
      const type = types.get(String(record.deviceType));
      const problem = type ? overrideProblem(type, record.thresholdOverrides) : undefined;
      if (problem) throw invalidField('thresholdOverrides', problem);
    }
    // A changed type or project, or a deleted device: its cached credential is stale.
    ingestion.forget(write.id);
  });

  // The registry's rows carry each device's last report: online or not, when, and its last values in words.
  /** Each device's connection: a secret issued or not, its last report, online within three report periods. */
  const statusOf = async (rows: readonly { id: string; deviceType: string }[]) => {
    const ids = rows.map((row) => row.id);
    const [states, secrets] = await Promise.all([store.states(ids), store.hasSecret(ids)]);
    const at = now().getTime();
    return new Map(
      rows.map((row) => {
        const state = states.get(row.id);
        const connected = secrets.has(row.id);
        const online = state
          ? at - state.lastSeen.getTime() <= offlineAfterSeconds(types.get(row.deviceType)) * 1000
          : false;
        const onlineLabel: OnlineLabel = !connected ? '未接入' : !state ? '未上报' : online ? '在线' : '离线';
        return [row.id, { state, connected, online, onlineLabel }];
      }),
    );
  };

  devices.extendReads(async (rows) => {
    const status = await statusOf(rows.map((row) => ({ id: String(row.id), deviceType: String(row.deviceType) })));
    for (const row of rows) {
      const type = types.get(String(row.deviceType));
      const { state, connected, online, onlineLabel } = status.get(String(row.id))!;
      row.connected = connected;
      row.online = online;
      row.onlineLabel = onlineLabel;
      row.offline = connected && !online;
      const overrides = storedOverrides(row.thresholdOverrides);
      row.thresholdOverridesText = overrides
        .map((own) => {
          const threshold = type?.thresholds?.find((t) => t.id === own.threshold);
          if (!threshold) return '';
          const unit = thresholdUnit(type, threshold);
          return `${threshold.title}：${own.above}${unit}（类型默认 ${threshold.above}${unit}）`;
        })
        .filter(Boolean)
        .join('；');
      if (state) {
        row.lastSeen = state.lastSeen.toISOString();
        row.lastSeenText = chinaDateTime(state.lastSeen);
        row.lastValuesText = (type?.metrics ?? [])
          .filter((metric) => state.lastValues[metric.key] !== undefined)
          .map((metric) => `${metric.title} ${state.lastValues[metric.key]}${metric.unit ?? ''}`)
          .join('，');
      }
    }
  });

  // POST /api/device/base/v2.0/companyTree: each project of the caller's tree lists its devices and their state.
  app.services.portal.projects.extendCompanyTree(async (projectNodes) => {
    const projectIds = projectNodes.map((node) => node.projectId ?? '');
    if (projectIds.length === 0) return;
    const { rows } = await sql<{ id: string; projectId: string; name: string; serial: string; deviceType: string }>`
      select id, project_id as "projectId", name, serial, device_type as "deviceType" from c_iot_device
      where project_id in (${sql.join(projectIds)}) order by name, id`.execute(db);
    const status = await statusOf(rows);
    for (const node of projectNodes) {
      const own = rows.filter((row) => row.projectId === node.projectId);
      if (own.length === 0) continue;
      node.deviceList = own.map((row) => {
        const { state, online, onlineLabel } = status.get(row.id)!;
        return {
          id: row.id,
          name: row.name,
          serial: row.serial,
          deviceType: row.deviceType,
          deviceTypeName: types.get(row.deviceType)?.name ?? row.deviceType,
          online,
          onlineLabel,
          lastSeen: state?.lastSeen.toISOString() ?? null,
        };
      });
    }
  });

  // Under load (PORTAL_RUNTIME_STATS_MS): how full each ingestion queue is, and how long its statements take.
  app.runtimeGauge('iot', () => {
    const { waiting, written } = warnings.takeFigures();
    const figures: Record<string, number> = { warningsWaiting: waiting, warningsWritten: written };
    for (const [name, commit] of Object.entries(store.takeFigures()))
      for (const [key, value] of Object.entries(commit)) figures[`${name}.${key}`] = value;
    return figures;
  });

  let ingress: MqttIngress | undefined;
  if (settings.mqttUrl)
    ingress = await subscribeExternalBroker({
      url: settings.mqttUrl,
      group: settings.mqttSharedGroup,
      instanceName: config.instanceName,
      ingestion,
      log: app.log,
    });
  else if (settings.mqttPort !== null)
    ingress = await startEmbeddedBroker({
      host: config.host,
      port: settings.mqttPort,
      connectionsPerAddress: settings.mqttConnectionsPerAddress,
      ingestion,
      log: app.log,
    });
  // Devices report over MQTT: an instance whose broker is gone is not ready.
  const broker = ingress;
  if (broker) app.readinessCheck('mqtt', async () => broker.problem());
  let simulator: { stop(): Promise<void> } | undefined;
  if (settings.simulator)
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (!address || typeof address !== 'object') return;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      simulator = await startSimulator({
        db,
        store,
        ingestion,
        types,
        baseUrl: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`,
        mqttPort: ingress?.port,
        log: app.log,
      });
    });
  app.addHook('onClose', async () => {
    live.close();
    await simulator?.stop();
    await ingress?.close();
    await warnings.close();
  });

  await app.register(deviceRoutes, { ingestion });
  await devWarnDataRoute(app);
  await app.register(monitoringRoutes, {
    db,
    devices,
    warnings: warningRecords,
    store,
    types,
    cycles,
    status: statusOf,
    now,
  });
  await app.register(userRoutes, {
    devices,
    store,
    types,
    ingestion,
    now,
    mqtt: () => ({ port: ingress?.port, topic: telemetryTopic }),
  });
};

export default iot;
