/**
 * What a stored value reads as to people, for a report's groupings and the warehouse's fields: a choice's title, a
 * status's label, a dictionary label, the label of the record, person, office or project a reference names, 是/否.
 * Read from the collection file itself, so a new collection's report or data set needs nothing written here.
 */
import { sql } from 'kysely';
import type { CollectionRecords, Db, JsonSchemaNode } from '../../../src/server/module-api.js';

export type CollectionFile = CollectionRecords['file'];

/** The grouping of a record by its project (not a field of the record: its system column). */
export const PROJECT_FIELD = 'project';
export const EMPTY_LABEL = '（未填写）';

/** A field's choices `oneOf: [{const, title}]`, value -> title; undefined when it has none. */
export function choiceTitles(node: JsonSchemaNode | undefined): Map<string, string> | undefined {
  const options = node?.oneOf;
  if (!Array.isArray(options)) return undefined;
  const titles = new Map<string, string>();
  for (const option of options as JsonSchemaNode[])
    if (option.const !== undefined && typeof option.title === 'string') titles.set(String(option.const), option.title);
  return titles.size > 0 ? titles : undefined;
}

/** How a field's values are named, in words for the warehouse's field list (其值取自…). */
export function valueSource(file: CollectionFile, field: string): string {
  if (file.status?.field === field)
    return `状态：${Object.values(file.status.states)
      .map((state) => state.label)
      .join('、')}`;
  const choices = choiceTitles(file.schema.properties[field]);
  if (choices) return `选项：${[...choices.values()].join('、')}`;
  const reference = file.references?.[field];
  if (!reference) return '';
  if ('dictionary' in reference) return `字典 ${reference.dictionary}`;
  if ('collection' in reference) return `引用数据集 ${reference.collection}`;
  return { user: '引用用户', office: '引用机构', project: '引用项目' }[reference.to];
}

export class ValueLabels {
  constructor(
    private readonly db: Db,
    private readonly collections: ReadonlyMap<string, CollectionRecords>,
  ) {}

  /**
   * The labels of some values of a field of `file`, by the value as text. `projects` names the projects (the
   * caller's): a project grouping reads its names from there.
   */
  async of(
    file: CollectionFile,
    field: string,
    values: readonly string[],
    projects: ReadonlyMap<string, string>,
  ): Promise<Map<string, string>> {
    const present = [...new Set(values.filter((value) => value !== ''))];
    if (field === PROJECT_FIELD) return new Map(present.map((id) => [id, projects.get(id) ?? id]));
    const states = file.status?.field === field ? file.status.states : undefined;
    if (states) return new Map(present.map((value) => [value, states[value]?.label ?? value]));
    const choices = choiceTitles(file.schema.properties[field]);
    if (choices) return new Map(present.map((value) => [value, choices.get(value) ?? value]));
    const reference = file.references?.[field];
    if (!reference || present.length === 0) return new Map(present.map((value) => [value, value]));
    const named = await this.referenced(reference, present);
    return new Map(present.map((value) => [value, named.get(value) ?? value]));
  }

  private async referenced(
    reference: NonNullable<CollectionFile['references']>[string],
    values: readonly string[],
  ): Promise<Map<string, string>> {
    const list = sql.join(values);
    let rows: { value: string; label: string | null }[];
    if ('dictionary' in reference) {
      rows = (
        await sql<{ value: string; label: string }>`select value, label from sys_dict
          where type = ${reference.dictionary} and del_flag = '0' and value in (${list})`.execute(this.db)
      ).rows;
    } else if ('collection' in reference) {
      const target = this.collections.get(reference.collection);
      const column = target?.fields.find((stored) => stored.name === reference.labelField)?.column;
      if (!target || !column) return new Map();
      rows = (
        await sql<{ value: string; label: string | null }>`select id as value, ${sql.ref(column)}::text as label
          from ${sql.table(target.table)} where id in (${list})`.execute(this.db)
      ).rows;
    } else {
      const table = { user: 'sys_user', office: 'sys_office', project: 'project' }[reference.to];
      rows = (
        await sql<{ value: string; label: string }>`select id as value, name as label
          from ${sql.table(table)} where id in (${list})`.execute(this.db)
      ).rows;
    }
    return new Map(rows.map((row) => [row.value, row.label ?? row.value]));
  }
}
