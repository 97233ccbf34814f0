/**
 * The members of a map that the collection's own reads leave out (its content and share id: plugin.ts takes them
 * out of every list and record read), read and written here on the collection's table. Everything else about a
 * map (its title, who made it, its version) goes through the collection's records.
 */
import { sql } from 'kysely';
import { type CollectionRecords, type Db, DomainError, fieldColumn } from '../../../src/server/module-api.js';

export const MapMessages = {
  notFound: '导图不存在或已被删除',
  tooLarge: '导图内容过大，请拆分为多张导图',
  saved: '已保存',
  shared: '已生成分享链接',
  unshared: '已取消分享，之前的链接均已失效',
  shareInvalid: '分享链接无效或已被取消',
  shareOutsideProject: '该分享仅限导图所属项目的成员查看',
  conflict: (who: string, when: string) =>
    `这张导图已由${who || '其他人'}于 ${when} 保存了新内容，您刚才的修改未保存。请重新加载最新内容后再编辑。`,
} as const;

/** What the editor needs beside the record's own fields. */
export interface StoredMap {
  id: string;
  projectId: string;
  title: string;
  content: string | null;
  revision: number;
  version: number;
  shareId: string | null;
  savedByName: string | null;
  savedAt: Date | null;
  updatedAt: Date;
}

const column = (name: string) => sql.ref(`t.${fieldColumn(name)}`);

export class MapStore {
  constructor(
    private readonly records: CollectionRecords,
    private readonly db: Db,
  ) {}

  private get table() {
    return sql.table(this.records.table);
  }

  private select() {
    return sql<StoredMap>`select t.id, t.project_id as "projectId", ${column('title')} as title,
        ${column('content')} as content, coalesce(${column('revision')}, 0) as revision, t.version,
        ${column('shareId')} as "shareId", ${column('savedByName')} as "savedByName",
        ${column('savedAt')} as "savedAt", t.updated_at as "updatedAt"
      from ${this.table} t`;
  }

  async byId(id: string, db: Db = this.db): Promise<StoredMap> {
    const found = await sql<StoredMap>`${this.select()} where t.id = ${id}`.execute(db);
    const map = found.rows[0];
    if (!map) throw new DomainError('notFound', MapMessages.notFound);
    return { ...map, revision: Number(map.revision), version: Number(map.version) };
  }

  async byShareId(shareId: string): Promise<StoredMap | undefined> {
    const db = this.db;
    const found = await sql<StoredMap>`${this.select()} where ${column('shareId')} = ${shareId}`.execute(db);
    return found.rows[0];
  }

  /** The map's content as it is to be stored, with its node count (a hook inside the write's transaction). */
  async storeContent(db: Db, id: string, content: string, nodeCount: number): Promise<void> {
    await sql`update ${this.table} set ${sql.ref(fieldColumn('content'))} = ${content},
        ${sql.ref(fieldColumn('nodeCount'))} = ${nodeCount},
        ${sql.ref(fieldColumn('revision'))} = coalesce(${sql.ref(fieldColumn('revision'))}, 0)
      where id = ${id}`.execute(db);
  }

  /** Shares the map: its share id, made now unless it is shared already (two editors sharing at once get one). */
  async share(id: string, fresh: string): Promise<string> {
    const db = this.db;
    await sql`update ${this.table} set ${sql.ref(fieldColumn('shareId'))} = ${fresh}
      where id = ${id} and ${sql.ref(fieldColumn('shareId'))} is null`.execute(db);
    const { shareId } = await this.byId(id);
    if (!shareId) throw new DomainError('notFound', MapMessages.notFound);
    return shareId;
  }

  async unshare(id: string): Promise<void> {
    await sql`update ${this.table} set ${sql.ref(fieldColumn('shareId'))} = null where id = ${id}`.execute(this.db);
  }
}
