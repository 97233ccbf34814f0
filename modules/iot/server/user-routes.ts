/**
 * What the portal's screens ask of the IoT platform, beside the device registry's standard API
 * (/api/data/iot-device): device types, a device's secret (issued on demand, shown once), its last values and
 * the history of a metric for charts. Each call is for a device of a project the caller may see.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiError,
  type CollectionRecords,
  envelope,
  idParams,
  MsgCode,
  ok,
  recordAccess,
  security,
} from '../../../src/server/module-api.js';
import { offlineAfterSeconds, thresholdUnit, type DeviceTypes, type MetricSpec } from './device-types.js';
import type { Ingestion } from './ingestion.js';
import type { SeriesGrain, TelemetryStore } from './telemetry-store.js';

export const IOT_VIEW = 'iot:device:view';
export const IOT_EDIT = 'iot:device:edit';

/** A chart's range: how far back, and which table answers it (raw rows only for the last hour). */
export const RANGES: Record<string, { ms: number; grain: SeriesGrain }> = {
  '1h': { ms: 3600_000, grain: 'raw' },
  '24h': { ms: 24 * 3600_000, grain: 'minute' },
  '7d': { ms: 7 * 24 * 3600_000, grain: 'hour' },
  '30d': { ms: 30 * 24 * 3600_000, grain: 'hour' },
};

interface IdParams {
  id: string;
}

export async function userRoutes(
  app: FastifyInstance,
  options: {
    devices: CollectionRecords;
    store: TelemetryStore;
    types: DeviceTypes;
    ingestion: Ingestion;
    now: () => Date;
    /** The embedded broker's port (none with an external broker) and the topic a device publishes to. */
    mqtt: () => { port: number | undefined; topic: (deviceId: string) => string };
  },
): Promise<void> {
  const { devices, store, types, ingestion, now } = options;
  const access = recordAccess(app);
  const tags = ['iot'];
  /** A device of a project the caller may see (else -404), with its type. */
  const deviceOf = async (request: FastifyRequest, id: string) => {
    const projectId = await access.checkRecord(request, devices, id);
    const device = await devices.get(id);
    return { projectId, device, type: types.get(String(device.deviceType)) };
  };
  /** A metric as the screens name it: 起重量（t）. */
  const metricLabel = (metric: MetricSpec) => (metric.unit ? `${metric.title}（${metric.unit}）` : metric.title);

  app.get(
    '/api/iot/v1.0/deviceTypes',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: { tags, summary: 'Device types and their metrics', security },
    },
    async () =>
      ok(
        '',
        [...types.values()].map(({ id, name, metrics, thresholds, reportEverySeconds }) => ({
          id,
          name,
          reportEverySeconds,
          metrics,
          thresholds: thresholds ?? [],
        })),
      ),
  );

  app.get<{ Params: { type: string } }>(
    '/api/iot/v1.0/deviceTypes/:type/thresholds',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: {
        tags,
        summary: "A device type's thresholds as options {value, label} (the device form's 阈值调整)",
        security,
        params: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', maxLength: 40 } },
        },
      },
    },
    async (request) => {
      const type = types.get(request.params.type);
      // No type chosen yet on the form: no thresholds to choose from.
      return ok(
        '',
        (type?.thresholds ?? []).map((threshold) => ({
          value: threshold.id,
          label: `${threshold.title}（默认 ${threshold.above}${thresholdUnit(type, threshold)}）`,
        })),
      );
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/iot/v1.0/devices/:id/secret',
    {
      config: { auth: 'user', permission: IOT_EDIT, title: '生成设备密钥' },
      schema: {
        tags,
        summary: "Issue a device's secret (any earlier one stops working); shown once",
        security,
        params: idParams,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                deviceId: { type: 'string', description: 'The id the device signs with (X-Device-Id, MQTT user name)' },
                serial: { type: 'string' },
                secret: { type: 'string' },
                mqttTopic: { type: 'string' },
                mqttPort: { type: 'integer' },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { projectId, device } = await deviceOf(request, request.params.id);
      const deviceId = request.params.id;
      const secret = await store.issueSecret({
        deviceId,
        projectId,
        serial: String(device.serial),
        deviceType: String(device.deviceType),
      });
      ingestion.forget(deviceId);
      const mqtt = options.mqtt();
      return ok('密钥已生成，请妥善保存，关闭后将无法再次查看', {
        deviceId,
        serial: String(device.serial),
        secret,
        mqttTopic: mqtt.topic(deviceId),
        ...(mqtt.port === undefined ? {} : { mqttPort: mqtt.port }),
      });
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/iot/v1.0/devices/:id/latest',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: {
        tags,
        summary: "A device's last report: online state and each metric's last value",
        security,
        params: idParams,
      },
    },
    async (request) => {
      const { type } = await deviceOf(request, request.params.id);
      const state = (await store.states([request.params.id])).get(request.params.id);
      const online = state ? now().getTime() - state.lastSeen.getTime() <= offlineAfterSeconds(type) * 1000 : false;
      return ok('', {
        online,
        lastSeen: state?.lastSeen.toISOString() ?? null,
        metrics: (state ? (type?.metrics ?? []) : []).map((metric) => ({
          key: metric.key,
          name: metric.title,
          unit: metric.unit ?? '',
          value: state?.lastValues[metric.key] ?? null,
          text: `${metric.title}：${state?.lastValues[metric.key] ?? '—'} ${metric.unit ?? ''}`.trim(),
        })),
      });
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/iot/v1.0/devices/:id/metrics',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: {
        tags,
        summary: "The metrics of a device's type, as options {value, label}",
        security,
        params: idParams,
      },
    },
    async (request) => {
      const { type } = await deviceOf(request, request.params.id);
      return ok(
        '',
        (type?.metrics ?? []).map((metric) => ({
          value: metric.key,
          label: metricLabel(metric),
        })),
      );
    },
  );

  app.get<{ Params: IdParams; Querystring: { metric?: string; range: string } }>(
    '/api/iot/v1.0/devices/:id/series',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: {
        tags,
        summary: 'History of metrics of a device for charts',
        description:
          'Rows {name: ISO time, value: average, min, max, series: metric title} over 1h (raw readings), 24h ' +
          '(minute rollups), 7d or 30d (hour rollups); every metric of the type unless metric names one.',
        security,
        params: idParams,
        querystring: {
          type: 'object',
          required: ['range'],
          properties: {
            metric: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 40 },
            range: { type: 'string', enum: Object.keys(RANGES), default: '24h' },
          },
        },
      },
    },
    async (request) => {
      const { type } = await deviceOf(request, request.params.id);
      const metrics = (type?.metrics ?? []).filter((m) => !request.query.metric || m.key === request.query.metric);
      if (request.query.metric && metrics.length === 0)
        throw new ApiError(MsgCode.invalidInput, `${type?.name ?? '该设备'}没有指标 ${request.query.metric}`);
      const range = RANGES[request.query.range] ?? RANGES['24h'];
      const from = new Date(now().getTime() - range.ms);
      const points = await store.series(
        request.params.id,
        metrics.map((metric) => metric.key),
        from,
        range.grain,
      );
      // In the type's order of metrics (the chart's legend), each metric's points in time order.
      const rows = metrics.flatMap((metric) =>
        points
          .filter((point) => point.metric === metric.key)
          .map((point) => ({
            name: point.t.toISOString(),
            value: Number(point.avg.toFixed(metric.decimals ?? 2)),
            min: point.min,
            max: point.max,
            series: metricLabel(metric),
          })),
      );
      return ok('', rows);
    },
  );
}
