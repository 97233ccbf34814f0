/** Dictionaries (sys_dict): entries of one type, in sort order. */
import type { Db } from '../db/database.js';

export interface DictionaryEntry {
  label: string;
  value: string;
  sort: number;
}

export class Dictionaries {
  constructor(private readonly db: Db) {}

  list(type: string): Promise<DictionaryEntry[]> {
    return this.db
      .selectFrom('sys_dict')
      .select(['label', 'value', 'sort'])
      .where('type', '=', type)
      .where('del_flag', '=', '0')
      .orderBy('sort')
      .orderBy('value')
      .execute();
  }
}
