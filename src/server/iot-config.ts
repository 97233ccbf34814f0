/**
 * The IoT platform's engines (DESIGN.md "External engines, embedded by default"): an embedded MQTT broker on
 * PORTAL_MQTT_PORT unless PORTAL_MQTT_URL names an external one (EMQX, Mosquitto), the months of raw readings
 * kept, and the demo device simulator of `npm start`.
 */
import { ConfigError } from './config-error.js';

export interface IotConfig {
  /** An external broker (mqtt:// or mqtts://); the server subscribes with a shared subscription. */
  mqttUrl: string | undefined;
  /** The shared-subscription group of the server instances; '' for a broker without `$share` (one instance). */
  mqttSharedGroup: string;
  /** Port of the embedded broker when no external one is set; null: no broker (tests, or PORTAL_MQTT_PORT=off). */
  mqttPort: number | null;
  /** Open connections one address may hold on the embedded broker (0: no limit); a site gateway is one address. */
  mqttConnectionsPerAddress: number;
  /** Months of raw readings kept (older monthly partitions are dropped); rollups are kept. */
  retentionMonths: number;
  /** Run the demo device simulator inside the server (npm start with demo data, unless PORTAL_SIMULATOR=off). */
  simulator: boolean;
}

const DEFAULT_CONNECTIONS_PER_ADDRESS = 500;

export function defaultIotConfig(overrides: Partial<IotConfig> = {}): IotConfig {
  return {
    mqttUrl: undefined,
    mqttSharedGroup: 'zhgd-portal',
    mqttPort: null,
    mqttConnectionsPerAddress: DEFAULT_CONNECTIONS_PER_ADDRESS,
    retentionMonths: 12,
    simulator: false,
    ...overrides,
  };
}

export function loadIotConfig(env: NodeJS.ProcessEnv, demo: boolean): IotConfig {
  const url = env.PORTAL_MQTT_URL || undefined;
  if (url && !/^mqtts?:\/\/|^wss?:\/\//.test(url))
    throw new ConfigError(`PORTAL_MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL, got "${url}"`);
  const rawPort = env.PORTAL_MQTT_PORT ?? '1883';
  let mqttPort: number | null = null;
  if (rawPort !== 'off') {
    mqttPort = Number(rawPort);
    if (!Number.isInteger(mqttPort) || mqttPort < 0 || mqttPort > 65535)
      throw new ConfigError(`PORTAL_MQTT_PORT must be a port (0 = any free one) or off, got "${rawPort}"`);
  }
  const rawMonths = env.PORTAL_IOT_RETENTION_MONTHS ?? '12';
  const retentionMonths = Number(rawMonths);
  if (!Number.isInteger(retentionMonths) || retentionMonths < 1)
    throw new ConfigError(`PORTAL_IOT_RETENTION_MONTHS must be an integer >= 1, got "${rawMonths}"`);
  const rawConnections = env.PORTAL_MQTT_CONNECTIONS_PER_ADDRESS ?? String(DEFAULT_CONNECTIONS_PER_ADDRESS);
  const mqttConnectionsPerAddress = Number(rawConnections);
  if (!Number.isInteger(mqttConnectionsPerAddress) || mqttConnectionsPerAddress < 0)
    throw new ConfigError(
      `PORTAL_MQTT_CONNECTIONS_PER_ADDRESS must be an integer >= 0 (0 = no limit), got "${rawConnections}"`,
    );
  const simulator = demo && env.PORTAL_SIMULATOR !== 'off';
  const group = env.PORTAL_MQTT_SHARED_GROUP ?? 'zhgd-portal';
  if (!/^[A-Za-z0-9_-]*$/.test(group))
    throw new ConfigError(`PORTAL_MQTT_SHARED_GROUP may hold letters, digits, _ and - only, got "${group}"`);
  return {
    mqttUrl: url,
    mqttSharedGroup: group,
    mqttPort: url ? null : mqttPort,
    mqttConnectionsPerAddress,
    retentionMonths,
    simulator,
  };
}
