/**
 * The record of every search users run in the portal (table search_log, migration 0027-search): the app search of
 * the side menu and the application centre (run in the browser over the user's menu tree, recorded through
 * POST /api/search/record), a module's own search (recorded by the module through `app.services.search.log`), and
 * a collection list searched by text (its file's `searchLog`, recorded by the collections' list call). One table,
 * so 搜索监控 sees every search in one place, and one writer, so each source records the same facts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DataScope } from '../accounts/data-scope.js';
import type { Db } from '../db/database.js';

/** Longest query kept: a search box's text, not a document pasted into it. */
export const MAX_QUERY_LENGTH = 200;
const MAX_TARGET_LENGTH = 500;

export type MatchMode = 'all' | 'any' | 'none';

/** One search, as its source knows it. */
export interface SearchEntry {
  /** Who searched; their company is read from their data scope. */
  user: { id: string; name: string };
  /** The project selected when they searched, when the search is of one. */
  projectId?: string | null;
  /** A short stable name of where the search ran (`menu`, `app-center`, a module's id or collection's). */
  source: string;
  /** The source as users read it on 搜索监控 (侧边菜单, 知识库 ...). */
  sourceName: string;
  query: string;
  resultCount: number;
  /** The words the query was cut into and the synonyms added, for searches that segment. */
  words?: readonly string[];
  expanded?: readonly string[];
  matchMode?: MatchMode | null;
  /** The page the user went to, when known at the time of recording. */
  target?: SearchTarget | null;
}

export interface SearchTarget {
  path: string;
  name: string;
}

/** What a search is kept as: one line of text, no control characters, at most MAX_QUERY_LENGTH characters. */
export function normalQuery(query: string): string {
  return query
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

export class SearchLog {
  constructor(
    private readonly db: Db,
    private readonly scopeOf: (userId: string) => Promise<DataScope>,
  ) {}

  /**
   * Records a search and answers its id ('' when there was nothing to record: an empty query). `db` is a write's
   * transaction when the search is part of one.
   */
  async record(entry: SearchEntry, db: Db = this.db): Promise<string> {
    const query = normalQuery(entry.query);
    if (query === '') return '';
    const scope = await this.scopeOf(entry.user.id);
    // '' for an administrator, who sees every company: the monitor of a company shows its own people's searches.
    const companyId = scope.all ? '' : (scope.companyId ?? '');
    const id = randomUUID();
    const target = entry.target ? cleanTarget(entry.target) : null;
    await sql`insert into search_log (id, searched_at, user_id, user_name, company_id, project_id, source,
        source_name, query, words, expanded, result_count, match_mode, target_path, target_name, target_at)
      values (${id}, now(), ${entry.user.id}, ${entry.user.name}, ${companyId}, ${entry.projectId ?? null},
        ${entry.source}, ${entry.sourceName}, ${query}, ${JSON.stringify(entry.words ?? [])}::jsonb,
        ${JSON.stringify(entry.expanded ?? [])}::jsonb, ${Math.max(0, Math.trunc(entry.resultCount))},
        ${entry.matchMode ?? null}, ${target?.path ?? null}, ${target?.name ?? null},
        ${target ? sql`now()` : null})`.execute(db);
    return id;
  }

  /**
   * The page a user went to from one of their own searches (the latest choice wins). False when the search is not
   * theirs or not there, so nobody marks another's search.
   */
  async followed(id: string, userId: string, target: SearchTarget): Promise<boolean> {
    const { path, name } = cleanTarget(target);
    const result = await sql`update search_log set target_path = ${path}, target_name = ${name}, target_at = now()
      where id = ${id} and user_id = ${userId}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }
}

function cleanTarget(target: SearchTarget): SearchTarget {
  return { path: normalQuery(target.path).slice(0, MAX_TARGET_LENGTH), name: normalQuery(target.name) };
}
