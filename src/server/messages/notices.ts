/**
 * Notices (系统通知): published by an administrator to everyone, to an office (with its sub-offices) or to a role.
 * Publishing stores the sanitized notice and sends each member of the audience, as the audience is at that moment,
 * a 'notice' message that links to it. Reading is open to the audience as it is now (so a new member of the role
 * reads earlier notices too), to its publisher and to publishers who see every company. A publisher whose data
 * scope is their company (src/server/accounts/data-scope.ts) reaches, and is read by, that company's people only.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { NoticeAttachment } from '../db/portal-tables.js';
import type { Database } from '../db/tables.js';
import { chinaDateTime } from '../lib/china-time.js';
import { officeInScope, officeWithin, ownCompany, type DataScope } from '../accounts/data-scope.js';
import { parseUploadUrl } from '../../shared/file-types.js';
import type { Messages } from './messages.js';
import { plainText, sanitizeRichText } from './rich-text.js';
import { DomainError, invalidField } from '../domain-error.js';

export type NoticeAudience = 'all' | 'office' | 'role';

/** The body of a publish (schemas/forms/mc-notice.json). */
export interface NoticeInput {
  title: string;
  content: string;
  audience: NoticeAudience;
  officeId?: string;
  roleId?: string;
  /** Image URLs from the upload service (/api/zhgd/base/file/<name>). */
  attachments?: string[];
}

export interface NoticeRow {
  id: string;
  title: string;
  audience: NoticeAudience;
  audienceLabel: string;
  recipients: number;
  publisherName: string;
  publishDate: string;
}

export interface NoticeDetail extends NoticeRow {
  /** Sanitized HTML. */
  content: string;
  /** Image URLs (the upload service's). */
  attachments: string[];
}

export const NOTICE_LINK_PREFIX = '/message/notice/';
export const NoticeTexts = {
  notFound: '通知不存在',
  officeRequired: '请选择接收机构',
  roleRequired: '请选择接收角色',
  officeUnknown: '接收机构不存在',
  roleUnknown: '接收角色不存在',
  contentEmpty: '请输入通知内容',
  attachmentInvalid: '附件只能是本系统上传的文件',
} as const;

const AUDIENCE_LABEL: Record<NoticeAudience, string> = { all: '全体人员', office: '机构', role: '角色' };

export class Notices {
  constructor(
    private readonly db: Db,
    private readonly messages: Messages,
    private readonly now: () => Date,
  ) {}

  /**
   * The users a notice to `audience` reaches now (enabled, not deleted), within the publisher's data scope: a
   * publisher who sees only their company reaches only its people, whatever the audience.
   */
  private members(trx: Kysely<Database>, audience: NoticeAudience, audienceId: string | null, scope: DataScope) {
    let query = trx
      .selectFrom('sys_user as u')
      .select('u.id')
      .where('u.del_flag', '=', '0')
      .where('u.login_flag', '=', '1');
    if (!scope.all) {
      const company = ownCompany(scope);
      const inCompany = trx
        .selectFrom('sys_office')
        .select('id')
        .where(officeWithin(scope, { id: 'id', parentIds: 'parent_ids' }));
      query = query.where((eb) => eb.or([eb('u.company_id', '=', company), eb('u.office_id', 'in', inCompany)]));
    }
    if (audience === 'office' && audienceId !== null) {
      const inOffice = trx
        .selectFrom('sys_office')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', audienceId), eb('parent_ids', 'like', `%,${audienceId},%`)]));
      query = query.where((eb) => eb.or([eb('u.office_id', 'in', inOffice), eb('u.company_id', '=', audienceId)]));
    }
    if (audience === 'role' && audienceId !== null)
      query = query.where(
        'u.id',
        'in',
        trx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', audienceId),
      );
    return query;
  }

  async publish(
    input: NoticeInput,
    publisherId: string,
    scope: DataScope,
  ): Promise<{ id: string; recipients: number }> {
    const content = sanitizeRichText(input.content);
    if (plainText(content).length === 0) throw invalidField('content', NoticeTexts.contentEmpty);
    const attachments = (input.attachments ?? []).map((url): NoticeAttachment => {
      const address = parseUploadUrl(url);
      if (!address) throw invalidField('attachments', NoticeTexts.attachmentInvalid);
      return { url, name: address.displayName };
    });
    const { audience } = input;
    let audienceId: string | null = null;
    let audienceName = AUDIENCE_LABEL.all;
    if (audience === 'office') {
      if (!input.officeId) throw invalidField('officeId', NoticeTexts.officeRequired);
      const office = await this.db
        .selectFrom('sys_office')
        .select(['id', 'name', 'parent_ids'])
        .where('id', '=', input.officeId)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      // An office outside the publisher's scope is as unknown to them as one that does not exist.
      if (!office || !officeInScope(office, scope)) throw invalidField('officeId', NoticeTexts.officeUnknown);
      [audienceId, audienceName] = [office.id, office.name];
    }
    if (audience === 'role') {
      if (!input.roleId) throw invalidField('roleId', NoticeTexts.roleRequired);
      const role = await this.db
        .selectFrom('sys_role')
        .select(['id', 'name'])
        .where('id', '=', input.roleId)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      if (!role) throw invalidField('roleId', NoticeTexts.roleUnknown);
      [audienceId, audienceName] = [role.id, role.name];
    }
    const id = randomUUID();
    const recipients = await this.db.transaction().execute(async (trx) => {
      const userIds = (await this.members(trx, audience, audienceId, scope).execute()).map((r) => r.id);
      await trx
        .insertInto('mc_notice')
        .values({
          id,
          title: input.title,
          content_html: content,
          attachments: JSON.stringify(attachments),
          audience,
          audience_id: audienceId,
          audience_name: audienceName,
          recipients: userIds.length,
          scope_company_id: scope.all ? null : ownCompany(scope),
          published_by: publisherId,
          published_at: this.now(),
        })
        .execute();
      return this.messages.send(
        {
          userIds,
          kind: 'notice',
          title: input.title,
          content: plainText(content),
          link: `${NOTICE_LINK_PREFIX}${id}`,
          noticeId: id,
        },
        trx,
      );
    });
    return { id, recipients };
  }

  /** Notices the user may read (in the audience now, or everything for a publisher), newest first. */
  async page(
    userId: string,
    seeAll: boolean,
    query: { title?: string; pageNo: number; pageSize: number },
  ): Promise<{ total: number; dataList: NoticeRow[] }> {
    let base = this.db.selectFrom('mc_notice as n').leftJoin('sys_user as p', 'p.id', 'n.published_by');
    if (!seeAll) base = base.where(readableBy(userId));
    if (query.title) base = base.where('n.title', 'ilike', `%${query.title.replace(/[\\%_]/g, '\\$&')}%`);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      base
        .select([
          'n.id',
          'n.title',
          'n.audience',
          'n.audience_name',
          'n.recipients',
          'n.published_at',
          'p.name as publisher',
        ])
        .orderBy('n.published_at', 'desc')
        .orderBy('n.id')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute(),
    ]);
    return {
      total: Number(count.n),
      dataList: rows.map((r) => ({
        id: r.id,
        title: r.title,
        audience: r.audience,
        audienceLabel: r.audience_name,
        recipients: r.recipients,
        publisherName: r.publisher ?? '',
        publishDate: chinaDateTime(new Date(r.published_at)),
      })),
    };
  }

  /** One notice for the user (-404 when they are not in its audience); reading it reads its message. */
  async read(userId: string, seeAll: boolean, id: string): Promise<NoticeDetail> {
    let query = this.db
      .selectFrom('mc_notice as n')
      .leftJoin('sys_user as p', 'p.id', 'n.published_by')
      .selectAll('n')
      .select('p.name as publisher')
      .where('n.id', '=', id);
    if (!seeAll) query = query.where(readableBy(userId));
    const row = await query.executeTakeFirst();
    if (!row) throw new DomainError('notFound', NoticeTexts.notFound);
    await this.messages.markNoticeRead(userId, id);
    return {
      id: row.id,
      title: row.title,
      audience: row.audience,
      audienceLabel: row.audience_name,
      recipients: row.recipients,
      publisherName: row.publisher ?? '',
      publishDate: chinaDateTime(new Date(row.published_at)),
      content: row.content_html,
      attachments: row.attachments.map((a) => a.url),
    };
  }

  /** Withdraws a notice; its messages go with it, and the pages of those who had one unread hear of it. */
  async remove(id: string): Promise<void> {
    const unreadBy = await this.db
      .selectFrom('portal_message')
      .select('user_id')
      .where('notice_id', '=', id)
      .where('read_at', 'is', null)
      .execute();
    const result = await this.db.deleteFrom('mc_notice').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new DomainError('notFound', NoticeTexts.notFound);
    await this.messages.changedFor(unreadBy.map((r) => r.user_id));
  }
}

/** n.* is readable by the user: their own, to all, to an office at or above theirs, or to a role they hold. */
function readableBy(userId: string) {
  return sql<boolean>`(n.published_by = ${userId} or ((n.scope_company_id is null or exists (
      select 1 from sys_user u left join sys_office o on o.id = u.office_id
      where u.id = ${userId}
        and (u.company_id = n.scope_company_id or u.office_id = n.scope_company_id
             or o.parent_ids like '%,' || n.scope_company_id || ',%'))) and (n.audience = 'all'
    or (n.audience = 'office' and exists (
      select 1 from sys_user u left join sys_office o on o.id = u.office_id
      where u.id = ${userId}
        and (u.office_id = n.audience_id or u.company_id = n.audience_id
             or o.parent_ids like '%,' || n.audience_id || ',%')))
    or (n.audience = 'role' and exists (
      select 1 from sys_user_role ur where ur.user_id = ${userId} and ur.role_id = n.audience_id)))))`;
}
