/**
 * The IoT platform's settings (the variables `config` of modules/iot/module.json declares, read by the core at
 * start): an embedded MQTT broker on PORTAL_MQTT_PORT unless PORTAL_MQTT_URL names an external one (EMQX,
 * Mosquitto), the months of raw readings kept, and the demo device simulator of `npm start`.
 */
import type { ModuleSettings, SettingValue } from '../../../src/server/module-api.js';

export interface IotSettings {
  /** An external broker (mqtt://, mqtts://, ws://, wss://); the server subscribes with a shared subscription. */
  mqttUrl: string | undefined;
  /** The shared-subscription group of the server instances; '' for a broker without `$share` (one instance). */
  mqttSharedGroup: string;
  /** Port of the embedded broker when no external one is set; null: no broker. */
  mqttPort: number | null;
  /** Open connections one address may hold on the embedded broker (0: no limit); a site gateway is one address. */
  mqttConnectionsPerAddress: number;
  /** Months of raw readings kept (older monthly partitions are dropped); rollups are kept. */
  retentionMonths: number;
  /** Run the demo device simulator inside the server (with demo data only). */
  simulator: boolean;
}

const text = (value: SettingValue): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: SettingValue, fallback: number): number => (typeof value === 'number' ? value : fallback);

/** The module's settings in their types (the core checked each against its declaration). */
export function iotSettings(settings: ModuleSettings, demo: boolean): IotSettings {
  const mqttUrl = text(settings.mqttUrl);
  return {
    mqttUrl,
    mqttSharedGroup: text(settings.mqttSharedGroup) ?? '',
    // An external broker replaces the embedded one.
    mqttPort: mqttUrl || typeof settings.mqttPort !== 'number' ? null : settings.mqttPort,
    mqttConnectionsPerAddress: count(settings.mqttConnectionsPerAddress, 0),
    retentionMonths: count(settings.retentionMonths, 12),
    simulator: demo && settings.simulator === true,
  };
}
