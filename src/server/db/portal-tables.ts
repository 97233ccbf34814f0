/**
 * Typed rows of the logged-in portal's tables (migration 0003-portal): common and recently used menus, user
 * themes, company and project profiles, contracts, messages and event tickets (a project's schedule is a
 * module's). Kept apart from tables.ts so the portal's domain can grow without touching the foundation's file.
 * Dates are 'yyyy-MM-dd' text (like sys_user.birthday); money is numeric, which the drivers return as text.
 */
import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Money = ColumnType<string, string | number, string | number>;
type DelFlag = ColumnType<string, string | undefined, string>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface CommonMenuTable {
  id: string;
  user_id: string;
  /** The project the app is common in (project.id), '' for none selected. */
  project_key: string;
  menu_id: string;
  created_at: CreatedAt;
}

export interface RecentMenuTable {
  user_id: string;
  project_key: string;
  menu_id: string;
  used_at: Timestamp;
}

export interface UserThemeTable {
  user_id: string;
  theme: string;
  /** JSON text of the selected project (spec section 3 "Selected project"). */
  remarks: string;
  updated_at: Timestamp;
}

export interface CompanyProfileTable {
  office_id: string;
  log_path: string;
  updated_at: CreatedAt;
}

export interface ProjectProfileTable {
  project_id: string;
  builder_unit: Optional<string>;
  construction_unit: Optional<string>;
  design_unit: Optional<string>;
  supervision_unit: Optional<string>;
  project_manager: Optional<string>;
  address: Optional<string>;
  start_date: Optional<string>;
  end_date: Optional<string>;
  /** Contract amount of the whole project, yuan. */
  contract_amount: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  function_model: Optional<string>;
  updated_at: CreatedAt;
}

export interface ProjectContractTable {
  id: string;
  project_id: string;
  name: string;
  contract_type: string;
  party_b: string;
  amount: Money;
  paid_amount: Money;
  signed_on: string;
  del_flag: DelFlag;
  created_at: CreatedAt;
}

export interface PortalMessageTable {
  id: string;
  user_id: string;
  /** Null: a message for the user in every project. */
  project_id: Optional<string>;
  category: string;
  title: string;
  content: string;
  sent_at: Timestamp;
  read_at: NullableTimestamp;
  /** What the message is about (messages/kinds.ts); added by migration 0011. */
  kind: ColumnType<string, string | undefined, string>;
  /** The in-app path the message opens ('/constructionSafety/hazard/<id>'), or null. */
  link: Optional<string>;
  /** The notice a 'notice' message announces. */
  notice_id: Optional<string>;
}

export interface NoticeAttachment {
  url: string;
  name: string;
}

export interface McNoticeTable {
  id: string;
  title: string;
  content_html: string;
  attachments: ColumnType<NoticeAttachment[], string, string>;
  audience: 'all' | 'office' | 'role';
  audience_id: string | null;
  audience_name: ColumnType<string, string | undefined, string>;
  recipients: ColumnType<number, number | undefined, number>;
  /** Null: every company; else the only company whose people the notice reaches. */
  scope_company_id: Optional<string>;
  published_by: string | null;
  published_at: Timestamp;
}

export interface EventTicketTable {
  ticket_hash: string;
  user_id: string;
  session_id: string;
  expires_at: Timestamp;
}

export interface PortalTables {
  common_menu: CommonMenuTable;
  recent_menu: RecentMenuTable;
  user_theme: UserThemeTable;
  company_profile: CompanyProfileTable;
  project_profile: ProjectProfileTable;
  project_contract: ProjectContractTable;
  portal_message: PortalMessageTable;
  mc_notice: McNoticeTable;
  event_ticket: EventTicketTable;
}
