/**
 * Company logos: create, edit, paged list, delete, and the newest one (the header's company logo). Images are
 * data URLs kept in the database (every instance serves the same), limited in type and size.
 */
import type { Selectable } from 'kysely';
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import type { SysLogoTable } from '../db/tables.js';
import { containsPattern, iso, newId, notFound, optional, pageOf, type Page, type PageQuery } from './common.js';
import { invalidField } from '../domain-error.js';

export interface LogoInput {
  name: string;
  image: string;
  remarks?: string;
}

export interface LogoRecord {
  id: string;
  name: string;
  image: string;
  remarks: string;
  createDate: string;
  updateDate: string;
}

/** The decoded image may be at most this large. */
export const MAX_LOGO_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
const DATA_URL = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

export const LogoMessages = {
  notFound: 'Logo不存在',
  badImage: '请上传 PNG、JPG、GIF、WEBP 或 SVG 格式的图片',
  tooLarge: '图片不能超过512KB',
} as const;

/** Checks a data URL's type, encoding and decoded size; -400 on the `image` field otherwise. */
export function checkLogoImage(image: string): void {
  const match = DATA_URL.exec(image);
  if (!match || !(LOGO_TYPES as readonly string[]).includes(match[1]))
    throw invalidField('image', LogoMessages.badImage);
  const bytes = Math.floor((match[2].length * 3) / 4) - (match[2].endsWith('==') ? 2 : match[2].endsWith('=') ? 1 : 0);
  if (bytes > MAX_LOGO_BYTES) throw invalidField('image', LogoMessages.tooLarge);
}

function toRecord(r: Selectable<SysLogoTable>): LogoRecord {
  return {
    id: r.id,
    name: r.name,
    image: r.image,
    remarks: r.remarks ?? '',
    createDate: iso(r.created_at),
    updateDate: iso(r.updated_at),
  };
}

export class AdminLogos {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async list(query: PageQuery & { name?: string }): Promise<Page<LogoRecord>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('sys_logo').where('del_flag', '=', '0');
    if (query.name) base = base.where('name', 'like', containsPattern(query.name));
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { dataList: rows.map(toRecord), total: Number(count.n), pageNo, pageSize };
  }

  /** The most recently created live logo, or null. */
  async newest(): Promise<LogoRecord | null> {
    const row = await this.db
      .selectFrom('sys_logo')
      .selectAll()
      .where('del_flag', '=', '0')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async create(input: LogoInput): Promise<LogoRecord> {
    checkLogoImage(input.image);
    const at = this.now();
    const row = await this.db
      .insertInto('sys_logo')
      .values({
        id: newId(),
        name: input.name.trim(),
        image: input.image,
        remarks: optional(input.remarks),
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async update(id: string, input: LogoInput): Promise<LogoRecord> {
    checkLogoImage(input.image);
    const row = await this.db
      .updateTable('sys_logo')
      .set({ name: input.name.trim(), image: input.image, remarks: optional(input.remarks), updated_at: this.now() })
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(LogoMessages.notFound);
    return toRecord(row);
  }

  async remove(id: string): Promise<void> {
    const row = await this.db
      .updateTable('sys_logo')
      .set({ del_flag: '1', updated_at: this.now() })
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound(LogoMessages.notFound);
  }
}
