/**
 * Dictionary entries for administration: paged list with filters, detail, create, update, delete. An entry is
 * unique by (type, value); re-adding a deleted one brings it back. The dictionary reads
 * (GET /api/system/dictionary/{type}/list) query the table each time, so no cache needs invalidating here.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SysDictTable } from '../db/tables.js';
import { uniqueViolation } from '../db/errors.js';
import {
  conflict,
  containsPattern,
  iso,
  newId,
  notFound,
  optional,
  pageOf,
  type Page,
  type PageQuery,
} from './common.js';

/** The Dictionary entity of spec section 3 (schemas/forms/admin-dictionary.json). */
export interface DictInput {
  type: string;
  label: string;
  value: string;
  sort?: number;
  description?: string;
  remarks?: string;
}

export interface DictRecord {
  id: string;
  type: string;
  label: string;
  value: string;
  sort: number;
  description: string;
  remarks: string;
  createDate: string;
  updateDate: string;
}

export interface DictQuery extends PageQuery {
  label?: string;
  type?: string;
  description?: string;
}

export const DictMessages = {
  notFound: '字典不存在',
  duplicate: '该类型下已有相同键值的字典',
} as const;

function toRecord(r: Selectable<SysDictTable>): DictRecord {
  return {
    id: r.id,
    type: r.type,
    label: r.label,
    value: r.value,
    sort: r.sort,
    description: r.description ?? '',
    remarks: r.remarks ?? '',
    createDate: iso(r.created_at),
    updateDate: iso(r.updated_at),
  };
}

function columns(input: DictInput) {
  return {
    type: input.type.trim(),
    label: input.label.trim(),
    value: input.value.trim(),
    sort: input.sort ?? 0,
    description: optional(input.description),
    remarks: optional(input.remarks),
  };
}

export class AdminDictionaries {
  constructor(private readonly db: Db) {}

  async list(query: DictQuery): Promise<Page<DictRecord>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('sys_dict').where('del_flag', '=', '0');
    if (query.label) base = base.where('label', 'like', containsPattern(query.label));
    if (query.type) base = base.where('type', 'like', containsPattern(query.type));
    if (query.description) base = base.where('description', 'like', containsPattern(query.description));
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('type').orderBy('sort').orderBy('value').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { dataList: rows.map(toRecord), total: Number(count.n), pageNo, pageSize };
  }

  async get(id: string): Promise<DictRecord> {
    const row = await this.db
      .selectFrom('sys_dict')
      .selectAll()
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!row) throw notFound(DictMessages.notFound);
    return toRecord(row);
  }

  async create(input: DictInput): Promise<DictRecord> {
    const values = columns(input);
    const row = await this.db
      .insertInto('sys_dict')
      .values({ id: newId(), ...values })
      // A deleted entry with the same type and value comes back with the new fields; a live one is a conflict.
      .onConflict((oc) =>
        oc
          .columns(['type', 'value'])
          .doUpdateSet({ ...values, del_flag: '0', updated_at: new Date() })
          .where('sys_dict.del_flag', '=', '1'),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict(DictMessages.duplicate);
    return toRecord(row);
  }

  async update(id: string, input: DictInput): Promise<DictRecord> {
    await this.get(id);
    try {
      const row = await this.db
        .updateTable('sys_dict')
        .set({ ...columns(input), updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw conflict(DictMessages.duplicate);
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await this.get(id);
    await this.db.updateTable('sys_dict').set({ del_flag: '1', updated_at: new Date() }).where('id', '=', id).execute();
  }
}
