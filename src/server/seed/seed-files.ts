/**
 * The seed data files (schemas/seed/*.json), typed to match their meta-schemas (schemas/meta/<kind>.json), and
 * validated against them when loaded, so a broken data file stops the start with a clear message.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { BaseConfig } from '../../shared/envelope.js';
import { schemasDir } from '../paths.js';

export type Flag = '0' | '1';

export interface MenuSeedItem {
  id: string;
  name: string;
  sort?: number;
  href?: string;
  vueRoute?: string;
  vueRouteAlias?: string;
  target?: string;
  icon?: string;
  highlightIcon?: string;
  isShow?: Flag;
  permission?: string;
  thirdPartyUrl?: string;
  specialLogo?: 'navigation' | 'application' | 'permission';
  iconColor?: string;
  titleColor?: string;
  remarks?: string;
  clickFlag?: Flag;
  projectTypes?: string[];
  children?: MenuSeedItem[];
  /** The module that brought it (set when the modules' menus are merged, never in a file). */
  module?: string;
}

export interface MenuSeedFile {
  kind: 'menu-seed';
  description?: string;
  menus: MenuSeedItem[];
}

export interface DictionarySeedFile {
  kind: 'dictionary-seed';
  description?: string;
  dictionaries: { type: string; description?: string; entries: { value: string; label: string; remarks?: string }[] }[];
}

export interface OfficeSeed {
  id: string;
  name: string;
  type: '1' | '2' | '3';
  code: string;
  englishName?: string;
  simpleName?: string;
  grade?: string;
  sort?: number;
  areaId?: string;
  address?: string;
  zipCode?: string;
  master?: string;
  phone?: string;
  fax?: string;
  email?: string;
  remarks?: string;
  children?: OfficeSeed[];
}

export interface AreaSeed {
  id: string;
  name: string;
  code?: string;
  type: '1' | '2' | '3' | '4';
  children?: AreaSeed[];
}

export interface MenuGrant {
  subtrees: string[];
  exceptSubtrees?: string[];
  alsoSubtrees?: string[];
}

export interface RoleSeed {
  id: string;
  name: string;
  enname: string;
  officeId?: string;
  isSys?: Flag;
  useable?: Flag;
  dataScope?: string;
  roleType?: string;
  remarks?: string;
  menus: MenuGrant;
}

export interface RoleSeedFile {
  kind: 'role-seed';
  description?: string;
  roles: RoleSeed[];
}

export interface DemoSeedFile {
  kind: 'demo-seed';
  description?: string;
  company: OfficeSeed;
  areas?: AreaSeed[];
  projectTypes?: { value: string; label: string }[];
  projects: {
    id: string;
    officeId: string;
    name: string;
    engineeringType: string;
    status: string;
    areaCode?: string;
    code?: string;
  }[];
  /** The base config contract of spec section 3, plus the row's id. */
  baseConfig: BaseConfig & { id: string };
  roles: RoleSeed[];
  users: {
    id: string;
    loginName: string;
    password: string;
    name: string;
    mobile: string;
    email?: string;
    phone?: string;
    no?: string;
    officeId: string;
    companyId: string;
    userType?: string;
    passwordMustChange?: boolean;
    roles: string[];
  }[];
}

interface SeedKinds {
  'menu-seed': MenuSeedFile;
  'dictionary-seed': DictionarySeedFile;
  'demo-seed': DemoSeedFile;
  'role-seed': RoleSeedFile;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);

/** Files already read and checked: a start reads some twice (menus, demo), and they do not change meanwhile. */
const loaded = new Map<string, unknown>();

/** Reads schemas/seed/<file> and checks it against schemas/meta/<kind>.json (once per process). */
export function loadSeedFile<K extends keyof SeedKinds>(kind: K, file: string): SeedKinds[K] {
  const key = `${kind}/${file}`;
  if (loaded.has(key)) return loaded.get(key) as SeedKinds[K];
  const data: unknown = JSON.parse(readFileSync(path.join(schemasDir, 'seed', file), 'utf8'));
  const meta: unknown = JSON.parse(readFileSync(path.join(schemasDir, 'meta', `${kind}.json`), 'utf8'));
  const validate = ajv.compile(meta as object);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
    throw new Error(`schemas/seed/${file} does not match schemas/meta/${kind}.json: ${problems}`);
  }
  loaded.set(key, data);
  return data as SeedKinds[K];
}
