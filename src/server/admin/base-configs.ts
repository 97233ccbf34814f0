/**
 * Base config versions for administration (spec section 3): paged list (newest first), detail, create (a new
 * version, which is then the one in force), update in place, delete (never the last row). GET
 * /api/pub/baseConfig/newest (portal/base-config.ts) reads the table at every call, so a write shows there at
 * once: no cache to invalidate. Logos are data URLs (checked like company logos) or paths of the app.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { BaseConfigTable } from '../db/tables.js';
import { LOGO_TYPES, MAX_LOGO_BYTES } from './logos.js';
import { DEFAULT_BASE_CONFIG } from '../portal/base-config.js';
import { conflict, iso, newId, notFound, optional, pageOf, type Page, type PageQuery } from './common.js';
import { invalidField } from '../domain-error.js';

/** schemas/forms/admin-base-config.json. */
export interface BaseConfigInput {
  name: string;
  titleLogo?: string;
  projectLogo?: string;
  version?: string;
  support?: string;
  defaultMenu: string;
}

export interface BaseConfigRecord {
  id: string;
  name: string;
  titleLogo: string;
  projectLogo: string;
  version: string;
  support: string;
  defaultMenu: string;
  createDate: string;
}

export const BaseConfigMessages = {
  notFound: '基础配置不存在',
  lastOne: '至少需要保留一条基础配置，不能删除最后一条',
  badImage: '请上传 PNG、JPG、GIF、WEBP 或 SVG 格式的图片',
  tooLarge: '图片不能超过512KB',
} as const;

const DATA_URL = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/]+={0,2})$/;
/** A path the app serves (/app/favicon.svg): not protocol-relative, no scheme, no spaces. */
const APP_PATH = /^\/[A-Za-z0-9._~%-][A-Za-z0-9._~%/-]*$/;
const MAX_PATH_LENGTH = 500;

/** A logo is an image data URL (type and decoded size checked) or an app path; -400 on `field` otherwise. */
export function checkBaseConfigLogo(field: string, value: string): void {
  if (APP_PATH.test(value) && value.length <= MAX_PATH_LENGTH) return;
  const match = DATA_URL.exec(value);
  if (!match || !(LOGO_TYPES as readonly string[]).includes(match[1]))
    throw invalidField(field, BaseConfigMessages.badImage);
  const data = match[2];
  const bytes = Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
  if (bytes > MAX_LOGO_BYTES) throw invalidField(field, BaseConfigMessages.tooLarge);
}

function toRecord(r: Selectable<BaseConfigTable>): BaseConfigRecord {
  return {
    id: r.id,
    name: r.name,
    titleLogo: r.title_logo,
    projectLogo: r.project_logo,
    version: r.version,
    support: r.support,
    defaultMenu: r.default_menu,
    createDate: iso(r.created_at),
  };
}

/** The columns of a body; an absent logo is the built-in one, absent texts are empty (the columns are NOT NULL). */
function columns(input: BaseConfigInput) {
  const titleLogo = optional(input.titleLogo) ?? DEFAULT_BASE_CONFIG.titleLogo;
  const projectLogo = optional(input.projectLogo) ?? DEFAULT_BASE_CONFIG.projectLogo;
  checkBaseConfigLogo('titleLogo', titleLogo);
  checkBaseConfigLogo('projectLogo', projectLogo);
  return {
    name: input.name.trim(),
    title_logo: titleLogo,
    project_logo: projectLogo,
    version: optional(input.version) ?? '',
    support: optional(input.support) ?? '',
    default_menu: input.defaultMenu.trim(),
  };
}

export class AdminBaseConfigs {
  constructor(private readonly db: Db) {}

  /** Newest first, in the order GET /api/pub/baseConfig/newest picks the one in force. */
  async list(query: PageQuery): Promise<Page<BaseConfigRecord>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('base_config')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('base_config')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { dataList: rows.map(toRecord), total: Number(count.n), pageNo, pageSize };
  }

  async get(id: string): Promise<BaseConfigRecord> {
    const row = await this.db.selectFrom('base_config').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(BaseConfigMessages.notFound);
    return toRecord(row);
  }

  /** A new version: created after every existing row (even one stamped in the same instant), so it is in force. */
  async create(input: BaseConfigInput): Promise<BaseConfigRecord> {
    const row = await this.db
      .insertInto('base_config')
      .values({
        id: newId(),
        ...columns(input),
        created_at: sql<Date>`greatest(now(), (select max(created_at) + interval '1 millisecond' from base_config))`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /** Changes a version in place; it keeps its place in the order (editing the newest changes what is in force). */
  async update(id: string, input: BaseConfigInput): Promise<BaseConfigRecord> {
    const row = await this.db
      .updateTable('base_config')
      .set(columns(input))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(BaseConfigMessages.notFound);
    return toRecord(row);
  }

  /** Deletes a version (the one before it comes into force); -409 for the last remaining row. */
  async remove(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Every row locked: two deletes at once cannot both see two rows and leave none.
      const ids = (await trx.selectFrom('base_config').select('id').forUpdate().execute()).map((r) => r.id);
      if (!ids.includes(id)) throw notFound(BaseConfigMessages.notFound);
      if (ids.length <= 1) throw conflict(BaseConfigMessages.lastOne);
      await trx.deleteFrom('base_config').where('id', '=', id).execute();
    });
  }
}
