/**
 * A module's configuration variables (`config` of its module.json): each an environment variable with its type,
 * default and Chinese description, read once at start and handed to the module's plugin as `settings`. A bad
 * value stops the start naming the variable, like the core's own (config.ts). The README's configuration table
 * lists every one of them (tests/unit/module-settings.test.ts holds it to that).
 */
import { ConfigError } from '../config-error.js';

export type SettingValue = string | number | boolean | null | undefined;

/** One variable as module.json declares it (schemas/meta/module.json, `config`). */
export interface ModuleVariable {
  /** The environment variable: PORTAL_MQTT_PORT. */
  name: string;
  /** Its key in the module's settings: mqttPort. */
  key: string;
  /**
   * string; url (of `protocols`); integer (`minimum`, `maximum`); port (0-65535, or `off`: null); switch (on/off,
   * 1/0, true/false).
   */
  type: 'string' | 'url' | 'integer' | 'port' | 'switch';
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  protocols?: string[];
  description: string;
}

/** A module's settings by key: the environment's value, or the declared default. */
export type ModuleSettings = Readonly<Record<string, SettingValue>>;

type Environment = Readonly<Record<string, string | undefined>>;

const SWITCH: Record<string, boolean> = { on: true, off: false, '1': true, '0': false, true: true, false: false };

function bounds(minimum: number | undefined, maximum: number | undefined): string {
  const limits = [minimum !== undefined ? `>= ${minimum}` : '', maximum !== undefined ? `<= ${maximum}` : ''];
  const text = limits.filter(Boolean).join(' and ');
  return text ? ` ${text}` : '';
}

function parse(variable: ModuleVariable, raw: string): SettingValue {
  const { name } = variable;
  switch (variable.type) {
    case 'switch': {
      const value = SWITCH[raw.toLowerCase()];
      if (value === undefined) throw new ConfigError(`${name} must be on or off, got "${raw}"`);
      return value;
    }
    case 'integer':
    case 'port': {
      if (variable.type === 'port' && raw === 'off') return null;
      const value = Number(raw);
      const minimum = variable.type === 'port' ? 0 : variable.minimum;
      const maximum = variable.type === 'port' ? 65535 : variable.maximum;
      if (
        !/^-?\d+$/.test(raw) ||
        (minimum !== undefined && value < minimum) ||
        (maximum !== undefined && value > maximum)
      )
        throw new ConfigError(
          variable.type === 'port'
            ? `${name} must be a port (0 = any free one) or off, got "${raw}"`
            : `${name} must be an integer${bounds(minimum, maximum)}, got "${raw}"`,
        );
      return value;
    }
    case 'url': {
      const protocols = variable.protocols ?? ['http', 'https'];
      if (!new RegExp(`^(${protocols.join('|')})://.+`).test(raw))
        throw new ConfigError(`${name} must be a ${protocols.map((p) => `${p}://`).join(', ')} URL, got "${raw}"`);
      return raw;
    }
    case 'string':
      if (variable.pattern && !new RegExp(variable.pattern).test(raw))
        throw new ConfigError(`${name} does not match ${variable.pattern}, got "${raw}"`);
      return raw;
  }
}

/** The settings of a module from `environment` (an empty value is unset, except for a string: it may be empty). */
export function readModuleSettings(variables: readonly ModuleVariable[], environment: Environment): ModuleSettings {
  const settings: Record<string, SettingValue> = {};
  for (const variable of variables) {
    const raw = environment[variable.name];
    const unset = raw === undefined || (raw === '' && variable.type !== 'string');
    settings[variable.key] = unset ? variable.default : parse(variable, raw);
  }
  return settings;
}
