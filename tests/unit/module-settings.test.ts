/**
 * A module's configuration variables (module.json `config`): read from the environment by their declarations,
 * refused with the variable's name when bad, and every one listed in the README's configuration table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config-error';
import { loadModules } from '../../src/server/modules/module-files';
import { type ModuleVariable, readModuleSettings } from '../../src/server/modules/module-settings';

const variables: ModuleVariable[] = [
  { name: 'X_PORT', key: 'port', type: 'port', default: 1883, description: '端口' },
  { name: 'X_COUNT', key: 'count', type: 'integer', minimum: 1, maximum: 9, default: 3, description: '个数' },
  { name: 'X_URL', key: 'url', type: 'url', protocols: ['mqtt', 'mqtts'], description: '地址' },
  { name: 'X_GROUP', key: 'group', type: 'string', pattern: '^[a-z]*$', default: 'g', description: '分组' },
  { name: 'X_ON', key: 'on', type: 'switch', default: true, description: '开关' },
];

describe('module settings', () => {
  it('take the declared defaults, and the environment where it sets a variable', () => {
    expect(readModuleSettings(variables, {})).toEqual({ port: 1883, count: 3, url: undefined, group: 'g', on: true });
    expect(
      readModuleSettings(variables, {
        X_PORT: 'off',
        X_COUNT: '9',
        X_URL: 'mqtts://broker:8883',
        X_GROUP: '',
        X_ON: 'off',
      }),
    ).toEqual({ port: null, count: 9, url: 'mqtts://broker:8883', group: '', on: false });
    // An empty value is unset, except for a string, which may be empty on purpose.
    expect(readModuleSettings(variables, { X_PORT: '', X_URL: '' })).toMatchObject({ port: 1883, url: undefined });
  });

  it.each([
    [{ X_PORT: '70000' }, 'X_PORT must be a port (0 = any free one) or off, got "70000"'],
    [{ X_COUNT: '0' }, 'X_COUNT must be an integer >= 1 and <= 9, got "0"'],
    [{ X_COUNT: '2.5' }, 'X_COUNT must be an integer >= 1 and <= 9, got "2.5"'],
    [{ X_URL: 'http://broker' }, 'X_URL must be a mqtt://, mqtts:// URL, got "http://broker"'],
    [{ X_GROUP: 'A B' }, 'X_GROUP does not match ^[a-z]*$, got "A B"'],
    [{ X_ON: 'maybe' }, 'X_ON must be on or off, got "maybe"'],
  ])('refuses %o naming the variable', (environment, message) => {
    expect(() => readModuleSettings(variables, environment)).toThrow(new ConfigError(message));
  });
});

describe("the modules' variables in the README", () => {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const rows = readme
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const declared = loadModules().flatMap((module) => module.manifest.config ?? []);

  it('lists every one with its default', () => {
    expect(declared.length).toBeGreaterThan(0);
    for (const variable of declared) {
      const row = rows.find((cells) => cells[1].includes(`\`${variable.name}\``));
      expect(row, variable.name).toBeDefined();
      const shown =
        variable.default === undefined ? 'unset' : variable.default === true ? 'on' : String(variable.default);
      expect(row![2], variable.name).toContain(shown);
    }
  });
});
