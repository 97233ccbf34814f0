/**
 * Typed rows of every table, for Kysely. Column names are the database's (snake_case); services map them to
 * the wire shapes of src/shared/envelope.ts.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { JobTables } from '../jobs/job-tables.js';
import type { PortalTables } from './portal-tables.js';
import type { WorkflowTables } from '../workflow/tables.js';
import type { AlertTables } from './alert-tables.js';

/** A timestamp the database fills in when the row is written. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** '0' = live, '1' = deleted (the spec's delFlag). */
type DelFlag = ColumnType<string, string | undefined, string>;

export interface AppKeyTable {
  id: string;
  /** JSON text of the key material (see accounts/keys.ts). */
  value: string;
  created_at: CreatedAt;
}

export interface SysOfficeTable {
  id: string;
  parent_id: string;
  parent_ids: string;
  name: string;
  english_name: string | null;
  simple_name: string | null;
  /** '1' company, '2' branch / department, '3' project department (selectable in the project picker). */
  type: string;
  grade: string | null;
  code: string | null;
  sort: ColumnType<number, number | undefined, number>;
  area_id: string | null;
  address: string | null;
  zip_code: string | null;
  master: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  useable: ColumnType<string, string | undefined, string>;
  remarks: string | null;
  /** Registration fields of a self-registered company (migration 0002). */
  credit_code: ColumnType<string | null, string | null | undefined, string | null>;
  legal_representative: ColumnType<string | null, string | null | undefined, string | null>;
  legal_representative_phone: ColumnType<string | null, string | null | undefined, string | null>;
  appointed_agent: ColumnType<string | null, string | null | undefined, string | null>;
  appointed_agent_phone: ColumnType<string | null, string | null | undefined, string | null>;
  del_flag: DelFlag;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The office's leader (migration 0014): approver of "the starter's office leader" in processes. */
  leader_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SysUserTable {
  id: string;
  login_name: string;
  name: string;
  password_hash: string;
  mobile: string | null;
  email: string | null;
  phone: string | null;
  no: string | null;
  office_id: string | null;
  company_id: string | null;
  /** '1' may log in. */
  login_flag: ColumnType<string, string | undefined, string>;
  user_type: string | null;
  skin_type: ColumnType<string, string | undefined, string>;
  password_must_change: ColumnType<boolean, boolean | undefined, boolean>;
  password_changed_at: NullableTimestamp;
  remarks: string | null;
  /** Personal fields (migration 0002); birthday is 'yyyy-MM-dd' text, sex '男' | '女', nation a dictionary label. */
  id_card_number: ColumnType<string | null, string | null | undefined, string | null>;
  sex: ColumnType<string | null, string | null | undefined, string | null>;
  nation: ColumnType<string | null, string | null | undefined, string | null>;
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  del_flag: DelFlag;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SysRoleTable {
  id: string;
  name: string;
  enname: string;
  office_id: string | null;
  is_sys: ColumnType<string, string | undefined, string>;
  useable: ColumnType<string, string | undefined, string>;
  data_scope: string | null;
  role_type: string | null;
  remarks: string | null;
  del_flag: DelFlag;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SysUserRoleTable {
  user_id: string;
  role_id: string;
}

export interface SysMenuTable {
  id: string;
  parent_id: string;
  parent_ids: string;
  name: string;
  sort: ColumnType<number, number | undefined, number>;
  href: string | null;
  vue_route: string | null;
  vue_route_alias: string | null;
  target: string | null;
  icon: string | null;
  highlight_icon: string | null;
  is_show: ColumnType<string, string | undefined, string>;
  permission: string | null;
  third_party_url: string | null;
  special_logo: string | null;
  icon_color: string | null;
  title_color: string | null;
  remarks: string | null;
  click_flag: ColumnType<string, string | undefined, string>;
  /** Project types (project.engineering_type) the menu is shown for; null = every type. */
  project_types: string[] | null;
  /** The module that seeded it (deleted with the module's folder); null: the core's, or made by an administrator. */
  module: ColumnType<string | null, string | null | undefined, string | null>;
  del_flag: DelFlag;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SysRoleMenuTable {
  role_id: string;
  menu_id: string;
}

export interface SysDictTable {
  id: string;
  type: string;
  label: string;
  value: string;
  sort: ColumnType<number, number | undefined, number>;
  description: string | null;
  remarks: string | null;
  del_flag: DelFlag;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface BaseConfigTable {
  id: string;
  name: string;
  title_logo: string;
  project_logo: string;
  version: string;
  support: string;
  default_menu: string;
  created_at: CreatedAt;
}

export interface ProjectTable {
  id: string;
  office_id: string;
  name: string;
  /** The project type that filters menus ('1' 房建, '2' 市政, '3' 公路 in the demo). */
  engineering_type: string;
  status: string;
  area_code: string | null;
  code: string | null;
  del_flag: DelFlag;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CaptchaTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface RefreshTokenTable {
  id: string;
  token_hash: string;
  user_id: string;
  /** One login = one family; every rotation stays in it; reuse of a spent token revokes the whole family. */
  family_id: string;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  replaced_by: string | null;
  /** The address and browser of the login or refresh that issued this token. */
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

export type SmsPurpose = 'login' | 'register' | 'reset' | 'ai';

export interface SmsCodeTable {
  id: string;
  phone: string;
  purpose: SmsPurpose;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface LoginFailureTable {
  login_name: string;
  failures: number;
  first_failed_at: Timestamp;
  locked_until: NullableTimestamp;
}

/** Hits of one rate-limit key (`u:<user id>` or `a:<address>`) within the fixed window starting at window_start. */
export interface RateLimitCounterTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface SsoTicketUsedTable {
  jti: string;
  expires_at: Timestamp;
}

export interface AiAccessCodeTable {
  id: string;
  code_hash: string;
  account: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** Administrative areas (migration 0004): a tree like offices. */
export interface SysAreaTable {
  id: string;
  parent_id: string;
  parent_ids: string;
  name: string;
  code: string | null;
  type: string;
  sort: ColumnType<number, number | undefined, number>;
  remarks: string | null;
  del_flag: DelFlag;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** The audit log of API writes (migration 0004, plugins/audit-log.ts). */
export interface SysLogTable {
  id: string;
  type: string;
  title: string;
  method: string;
  request_uri: string;
  params: string | null;
  msg_code: number | null;
  duration_ms: number;
  remote_addr: string | null;
  user_agent: string | null;
  user_id: string | null;
  login_name: string | null;
  created_at: Timestamp;
}

/** Company logos (migration 0004); `image` is a data URL. */
export interface SysLogoTable {
  id: string;
  name: string;
  image: string;
  remarks: string | null;
  del_flag: DelFlag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Version numbers of cached data (migration 0007, db/cache-versions.ts), raised by the database on writes to
 * the tables the data is made of.
 */
export interface CacheVersionTable {
  name: string;
  version: ColumnType<string, never, never>;
}

/** Start-up work done, by fingerprint: seed runs and collection-table syncs (migration 0008, db/start-fingerprints.ts). */
export interface SeedRunTable {
  fingerprint: string;
  seeded_at: CreatedAt;
}

/** The portal's tables (migration 0003) live in portal-tables.ts. */
/** One step of a collection record's status timeline (migration 0009). */
export interface CollectionHistoryTable {
  id: string;
  collection: string;
  record_id: string;
  project_id: string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  actor_id: string | null;
  remark: string | null;
  data: ColumnType<unknown, string | null, string | null>;
  at: CreatedAt;
}

export interface Database extends PortalTables, JobTables, WorkflowTables, AlertTables {
  app_key: AppKeyTable;
  sys_office: SysOfficeTable;
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_menu: SysMenuTable;
  sys_role_menu: SysRoleMenuTable;
  sys_dict: SysDictTable;
  base_config: BaseConfigTable;
  project: ProjectTable;
  captcha: CaptchaTable;
  refresh_token: RefreshTokenTable;
  sms_code: SmsCodeTable;
  login_failure: LoginFailureTable;
  rate_limit_counter: RateLimitCounterTable;
  sso_ticket_used: SsoTicketUsedTable;
  ai_access_code: AiAccessCodeTable;
  sys_area: SysAreaTable;
  sys_log: SysLogTable;
  sys_logo: SysLogoTable;
  collection_history: CollectionHistoryTable;
  cache_version: CacheVersionTable;
  seed_run: SeedRunTable;
}

export type MenuRow = Selectable<SysMenuTable>;
export type NewMenu = Insertable<SysMenuTable>;
export type UserRow = Selectable<SysUserTable>;
export type NewUser = Insertable<SysUserTable>;
export type NewOffice = Insertable<SysOfficeTable>;
