/**
 * The logged-in portal's demo data (schemas/seed/portal-demo.json, PORTAL_DEMO=1), after the demo company,
 * projects and users exist. Every row has a fixed id and is inserted with `on conflict do nothing`, so seeding
 * again changes nothing. Times are relative to the first seeding, which is when the rows are written.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import type { Db } from '../db/database.js';
import { schemasDir } from '../paths.js';
import { chinaDayStart } from '../lib/china-time.js';
import { MessageKinds, type MessageKind } from '../messages/kinds.js';
import type { PortalModule } from '../modules/module-files.js';
import { sanitizeRichText } from '../messages/rich-text.js';

type Id = string;

/** A message to a demo account, as schemas/meta/portal-demo-seed.json#/definitions/message describes it. */
export interface DemoMessage {
  id: Id;
  userId: Id;
  projectId: Id | null;
  category: string;
  title: string;
  content: string;
  hoursAgo: number;
  read: boolean;
  kind?: MessageKind;
  link?: string;
  noticeId?: Id;
}

export interface PortalDemoSeedFile {
  kind: 'portal-demo-seed';
  description?: string;
  companyProfiles: { officeId: Id; logPath: string }[];
  projectProfiles: {
    projectId: Id;
    builderUnit?: string;
    constructionUnit?: string;
    designUnit?: string;
    supervisionUnit?: string;
    projectManager?: string;
    address?: string;
    startDate: string;
    endDate: string;
    contractAmount: number;
    functionModel?: string;
  }[];
  contracts: {
    id: Id;
    projectId: Id;
    name: string;
    type: string;
    partyB: string;
    amount: number;
    paidAmount: number;
    signedOn: string;
  }[];
  messages: DemoMessage[];
  notices?: {
    id: Id;
    title: string;
    contentHtml: string;
    audience: 'all' | 'office' | 'role';
    audienceId?: Id;
    publisherId: Id;
    hoursAgo: number;
  }[];
  commonMenus: { userId: Id; projectId: Id; menuIds: Id[] }[];
}

const HOUR_MS = 3600_000;

export function loadPortalDemoSeed(): PortalDemoSeedFile {
  const data: unknown = JSON.parse(readFileSync(path.join(schemasDir, 'seed', 'portal-demo.json'), 'utf8'));
  const meta: unknown = JSON.parse(readFileSync(path.join(schemasDir, 'meta', 'portal-demo-seed.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(meta as object);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
    throw new Error(`schemas/seed/portal-demo.json does not match schemas/meta/portal-demo-seed.json: ${problems}`);
  }
  return data as PortalDemoSeedFile;
}

/** Inserts in slices: one statement per slice stays well under the drivers' parameter limit. */
async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * The portal's demo data, with the loaded modules' demo messages (`seed/*.json` of kind demo-messages) beside its
 * own; a message of a kind no loaded code declares stops the seed, naming it.
 */
export async function seedPortalDemo(
  db: Db,
  modules: readonly PortalModule[] = [],
  now: Date = new Date(),
): Promise<void> {
  const seed = loadPortalDemoSeed();
  const kinds = new MessageKinds(modules.map((module) => module.manifest));
  const messages = [...seed.messages, ...modules.flatMap((module) => module.demoMessages)];
  for (const message of messages)
    if (message.kind !== undefined && !kinds.has(message.kind))
      throw new Error(`演示消息 ${message.id} 的类型 ${message.kind} 未被核心或任何模块声明`);
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);

  if (seed.companyProfiles.length > 0)
    await db
      .insertInto('company_profile')
      .values(seed.companyProfiles.map((c) => ({ office_id: c.officeId, log_path: c.logPath })))
      .onConflict((oc) => oc.column('office_id').doNothing())
      .execute();

  if (seed.projectProfiles.length > 0)
    await db
      .insertInto('project_profile')
      .values(
        seed.projectProfiles.map((p) => ({
          project_id: p.projectId,
          builder_unit: p.builderUnit ?? null,
          construction_unit: p.constructionUnit ?? null,
          design_unit: p.designUnit ?? null,
          supervision_unit: p.supervisionUnit ?? null,
          project_manager: p.projectManager ?? null,
          address: p.address ?? null,
          start_date: p.startDate,
          end_date: p.endDate,
          contract_amount: p.contractAmount,
          function_model: p.functionModel ?? null,
        })),
      )
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();

  if (seed.contracts.length > 0)
    await db
      .insertInto('project_contract')
      .values(
        seed.contracts.map((c) => ({
          id: c.id,
          project_id: c.projectId,
          name: c.name,
          contract_type: c.type,
          party_b: c.partyB,
          amount: c.amount,
          paid_amount: c.paidAmount,
          signed_on: c.signedOn,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

  // Notices before the messages that announce them. Written through the same sanitizer as a published one.
  const notices = seed.notices ?? [];
  const audienceIds = notices.flatMap((n) => (n.audienceId ? [n.audienceId] : []));
  const audienceNames = new Map<string, string>();
  if (audienceIds.length > 0) {
    for (const r of await db.selectFrom('sys_role').select(['id', 'name']).where('id', 'in', audienceIds).execute())
      audienceNames.set(r.id, r.name);
    for (const o of await db.selectFrom('sys_office').select(['id', 'name']).where('id', 'in', audienceIds).execute())
      audienceNames.set(o.id, o.name);
  }
  if (notices.length > 0)
    await db
      .insertInto('mc_notice')
      .values(
        notices.map((n) => ({
          id: n.id,
          title: n.title,
          content_html: sanitizeRichText(n.contentHtml),
          attachments: '[]',
          audience: n.audience,
          audience_id: n.audienceId ?? null,
          audience_name: n.audienceId ? (audienceNames.get(n.audienceId) ?? n.audienceId) : '全体人员',
          recipients: seed.messages.filter((m) => m.noticeId === n.id).length,
          published_by: n.publisherId,
          published_at: ago(n.hoursAgo),
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

  if (messages.length > 0)
    await db
      .insertInto('portal_message')
      .values(
        messages.map((m) => ({
          id: m.id,
          user_id: m.userId,
          project_id: m.projectId,
          category: m.category,
          title: m.title,
          content: m.content,
          sent_at: ago(m.hoursAgo),
          read_at: m.read ? ago(Math.max(m.hoursAgo - 1, 0)) : null,
          kind: m.kind ?? 'notice',
          link: m.link ?? null,
          notice_id: m.noticeId ?? null,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

  // A common app of a module's menu is left out when that module is not there.
  const menuIds = new Set(seed.commonMenus.flatMap((c) => c.menuIds));
  const present =
    menuIds.size === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .selectFrom('sys_menu')
              .select('id')
              .where('id', 'in', [...menuIds])
              .execute()
          ).map((m) => m.id),
        );
  const common = seed.commonMenus.flatMap((c) =>
    c.menuIds
      .filter((menuId) => present.has(menuId))
      .map((menuId, i) => ({
        id: `cm-demo-${c.userId}-${c.projectId}-${menuId}`.slice(0, 120),
        user_id: c.userId,
        project_key: c.projectId,
        menu_id: menuId,
        // Keeps the file's order as the order added.
        created_at: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000),
      })),
  );
  if (common.length > 0)
    await db
      .insertInto('common_menu')
      .values(common)
      .onConflict((oc) => oc.doNothing())
      .execute();
}
