/**
 * 知识库 (module knowledge): the articles are the collection knowledge-article (their list, new, edit and delete are
 * the collection's own calls, their detail its record); this plugin adds what no file can declare:
 * - every write keeps the body to harmless formatting (the editor's HTML is shown as HTML), writes the standard codes
 *   one way (GB 50204-2015), and indexes the article for search in the same transaction (article-index.ts);
 * - articles written without the hook (the demo seed) or cut with an older dictionary are indexed at start;
 * - the library's list and search, related articles, the knowledge graph and the segmenter's view (routes.ts).
 * The dictionary and synonyms are the portal's search dictionary (app.services.search.lexicon, maintained on
 * 词库分析), seeded once from the files of modules/knowledge/dictionary/; the stop words are that folder's file. A
 * change of the dictionary rebuilds the segmenter at once, and the job knowledge-reindex indexes again the articles
 * cut with the older one.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { type ModulePlugin, fieldColumn, recordAccess, sanitizeRichText } from '../../../src/server/module-api.js';
import { ArticleIndex } from './article-index.js';
import { knowledgeRoutes } from './routes.js';
import { ArticleSearch } from './search.js';
import { readLexiconFiles, Segmenter } from './segmenter.js';
import { normalStandardCode } from './standards.js';

/** The name the dictionary files seed the search dictionary under (once: later edits are the administrators'). */
const SEED_SOURCE = 'knowledge-dictionary';

const REINDEX_JOB = 'knowledge-reindex';

declare module '../../../src/server/jobs/types.js' {
  interface JobPayloads {
    /** Index again the articles cut with another dictionary than `lexicon` (a segmenter's version). */
    'knowledge-reindex': { lexicon: string };
  }
}

const knowledge: ModulePlugin = async (app, { module }) => {
  const articles = app.collections.get('knowledge-article');
  if (!articles) throw new Error('modules/knowledge: the collection knowledge-article is missing');
  const { db } = app.services;
  const { lexicon } = app.services.search;
  const files = readLexiconFiles(path.join(module.dir, 'dictionary'));
  await lexicon.seedOnce(SEED_SOURCE, { words: files.words, synonyms: files.synonyms });
  const segmenter = new Segmenter({ ...(await lexicon.read()), stopWords: files.stopWords });
  const index = new ArticleIndex(articles, db, segmenter);
  const search = new ArticleSearch(articles, db, segmenter, app.services.search.log);

  // Articles cut with an older dictionary indexed again, by one job per dictionary version: every instance rebuilds
  // its segmenter on a change, and the job keyed by the version makes one of them reindex, once.
  app.jobs.work(
    REINDEX_JOB,
    async (job) => {
      // The instance running it may not have seen the change yet (it rechecks the dictionary every few seconds).
      for (let tries = 0; segmenter.version !== job.payload.lexicon && tries < 10; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await lexicon.refresh();
      }
      // A newer dictionary has its own job.
      if (segmenter.version !== job.payload.lexicon) return { indexed: 0, superseded: true };
      let indexed = 0;
      for (let pass = await index.catchUp(); pass > 0; pass = await index.catchUp()) indexed += pass;
      if (indexed > 0) app.log.info({ indexed }, 'knowledge: articles indexed again with the changed dictionary');
      return { indexed, superseded: false };
    },
    { exclusive: true, label: '知识库按新词库重建索引' },
  );
  lexicon.onChange(async (dictionary) => {
    segmenter.reload({ ...dictionary, stopWords: files.stopWords });
    await app.jobs.send(REINDEX_JOB, { lexicon: segmenter.version }, { singletonKey: segmenter.version });
  });

  // Tags and standard codes as one text each (塔吊、高处作业): how the list, the detail and an export show them.
  articles.extendReads(async (rows) => {
    for (const row of rows) {
      const words = (value: unknown) => (Array.isArray(value) ? value.map(String).join('、') : '');
      row.tagsText = words(row.tags);
      row.standardsText = words(row.standards);
    }
  });

  articles.onWrite(async (write) => {
    if (write.kind === 'remove') {
      await index.remove(write.db, write.id);
      return;
    }
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const [stored] = (await index.select(write.db, sql`t.id = ${write.id}`)).rows;
    if (!stored) return;
    const body = sanitizeRichText(stored.body ?? '');
    const standards = stored.standards ? [...new Set(stored.standards.map(normalStandardCode))] : null;
    const changed = body !== stored.body || JSON.stringify(standards) !== JSON.stringify(stored.standards);
    if (changed)
      await sql`update ${sql.table(articles.table)} set ${sql.ref(fieldColumn('body'))} = ${body},
          ${sql.ref(fieldColumn('standards'))} = ${standards === null ? null : JSON.stringify(standards)}::jsonb
        where id = ${write.id}`.execute(write.db);
    await index.index(write.db, write.id);
  });

  // Seeded articles and those of an older dictionary; a failure here must not keep the portal from starting.
  try {
    const indexed = await index.catchUp();
    if (indexed > 0) app.log.info({ indexed }, 'knowledge: articles indexed for search');
  } catch (error) {
    app.log.error({ err: error }, 'knowledge: indexing the articles for search failed');
  }

  await knowledgeRoutes(app, { articles, index, search, segmenter, lexicon, access: recordAccess(app), db });
};

export default knowledge;
