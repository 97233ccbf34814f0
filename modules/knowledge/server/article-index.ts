/**
 * The search index of the articles (table knowledge_search_index, migrations.ts): one row per article, written in
 * the same transaction as the article (plugin.ts's write hook) and, at start, for articles written without the hook
 * (the demo seed) or segmented with an older dictionary. The article's own fields are read from the collection's
 * table; what it is searched by is cut by the module's segmenter.
 */
import { sql } from 'kysely';
import { type CollectionRecords, type Db, fieldColumn } from '../../../src/server/module-api.js';
import type { Segmenter } from './segmenter.js';
import { plainText } from './snippet.js';
import { standardTitle } from './standards.js';

/** An article as the index and the graph read it. */
export interface IndexedArticle {
  id: string;
  projectId: string;
  title: string;
  category: string;
  summary: string | null;
  body: string | null;
  tags: string[] | null;
  standards: string[] | null;
}

const column = (name: string) => sql.ref(`t.${fieldColumn(name)}`);

export class ArticleIndex {
  constructor(
    private readonly records: CollectionRecords,
    private readonly db: Db,
    private readonly segmenter: Segmenter,
  ) {}

  private get table() {
    return sql.table(this.records.table);
  }

  /** The articles' fields, `where` a condition on the collection's table `t`. */
  select(db: Db, where: ReturnType<typeof sql>) {
    return sql<IndexedArticle>`select t.id, t.project_id as "projectId", ${column('title')} as title,
        ${column('category')} as category, ${column('summary')} as summary, ${column('body')} as body,
        ${column('tags')} as tags, ${column('standards')} as standards
      from ${this.table} t where ${where}`.execute(db);
  }

  /** Indexes one article (inside its write's transaction: `db` is the write's). */
  async index(db: Db, id: string): Promise<void> {
    const [article] = (await this.select(db, sql`t.id = ${id}`)).rows;
    if (article) await this.write(db, article);
  }

  async remove(db: Db, id: string): Promise<void> {
    await sql`delete from knowledge_search_index where article_id = ${id}`.execute(db);
  }

  /**
   * Articles not indexed yet, or cut with another dictionary, indexed now; and rows of articles gone meanwhile
   * removed. Run at start: several instances starting at once write the same rows, which is harmless.
   */
  async catchUp(): Promise<number> {
    const version = this.segmenter.version;
    const stale = await this.select(
      this.db,
      sql`not exists (select 1 from knowledge_search_index i where i.article_id = t.id and i.lexicon = ${version}
        and i.updated_at = t.updated_at)`,
    );
    for (const article of stale.rows) await this.write(this.db, article);
    await sql`delete from knowledge_search_index i
      where not exists (select 1 from ${this.table} t where t.id = i.article_id)`.execute(this.db);
    return stale.rows.length;
  }

  private async write(db: Db, article: IndexedArticle): Promise<void> {
    const words = (text: string) => this.segmenter.indexWords(text).join(' ');
    const standards = article.standards ?? [];
    // A standard is found by its code as written, its code without the space (GB50204-2015) and its title.
    const cited = standards.flatMap((code) => [code, code.replace(/\s+/g, ''), standardTitle(code)]);
    const plain = plainText(article.body ?? '');
    const title = words(article.title);
    const labels = words([...(article.tags ?? []), ...cited].join(' '));
    const summary = words(article.summary ?? '');
    const body = words(plain);
    await sql`insert into knowledge_search_index (article_id, project_id, doc, plain, lexicon, indexed_at, updated_at)
      values (${article.id}, ${article.projectId},
        setweight(to_tsvector('simple', ${title}), 'A') || setweight(to_tsvector('simple', ${labels}), 'B') ||
        setweight(to_tsvector('simple', ${summary}), 'C') || setweight(to_tsvector('simple', ${body}), 'D'),
        ${plain}, ${this.segmenter.version}, now(),
        (select t.updated_at from ${this.table} t where t.id = ${article.id}))
      on conflict (article_id) do update set project_id = excluded.project_id, doc = excluded.doc,
        plain = excluded.plain, lexicon = excluded.lexicon, indexed_at = excluded.indexed_at,
        updated_at = excluded.updated_at`.execute(db);
  }
}
