/**
 * The search dictionary: custom words (with the frequency and part of speech a segmenter such as jieba takes) and
 * synonym groups, kept in the database (search_word, search_synonym; migration 0027-search) so administrators
 * maintain them on 词库分析 and every segmenting search uses the same ones. A module that segments seeds them once
 * from its files (`seedOnce`), builds its segmenter from `read()`, and rebuilds it in `onChange`: at once after a
 * write on this instance, and after a write on another instance when `refresh()` (called before a search, at most
 * one database read per recheck interval) sees the cache version `search-lexicon` moved.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { readCacheVersion } from '../db/cache-versions.js';
import type { Db } from '../db/database.js';
import { uniqueViolation } from '../db/errors.js';
import { DomainError } from '../domain-error.js';
import { escapeLike } from '../lib/like-pattern.js';

/** A word of the dictionary as a segmenter takes it. */
export interface DictionaryWord {
  word: string;
  frequency: number;
  tag: string;
}

export interface SearchDictionary {
  words: DictionaryWord[];
  /** Groups of words that mean the same; the first is the preferred one. */
  synonyms: string[][];
}

export interface StoredWord extends DictionaryWord {
  id: string;
  updatedAt: string;
}

export interface StoredSynonymGroup {
  id: string;
  words: string[];
  /** The words as one text, 、 between them (how lists show a group). */
  wordsText: string;
  updatedAt: string;
}

export interface LexiconPage<T> {
  dataList: T[];
  total: number;
}

export const LexiconMessages = {
  wordTaken: '该词已在词典中',
  wordMissing: '词条不存在或已被删除',
  groupMissing: '同义词组不存在或已被删除',
  groupTooSmall: '同义词组至少需要两个不同的词',
  groupTaken: (word: string) => `“${word}”已在另一个同义词组中`,
} as const;

type Listener = (dictionary: SearchDictionary) => void | Promise<void>;

const wordRow = sql`id, word, frequency, tag, to_char(updated_at at time zone 'Asia/Shanghai',
  'YYYY-MM-DD HH24:MI:SS') as "updatedAt"`;
const groupRow = sql`id, words, to_char(updated_at at time zone 'Asia/Shanghai',
  'YYYY-MM-DD HH24:MI:SS') as "updatedAt"`;

/** A group's words: trimmed, lower-cased like the words a segmenter answers, each once, in the order given. */
export function normalGroup(words: readonly string[]): string[] {
  return [...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word !== ''))];
}

export class SearchLexicon {
  private readonly listeners: Listener[] = [];
  private knownVersion: string | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    /** How long a known version is trusted before the database is asked again (another instance may have written). */
    private readonly recheckMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Seeds the dictionary from `source` (a module's files) the first time that source is seen: words and groups
   * already there stay as they are. Later starts leave the tables alone, so an administrator's deletions stay.
   */
  async seedOnce(source: string, dictionary: SearchDictionary): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await sql`insert into search_lexicon_seed (source) values (${source})
        on conflict (source) do nothing`.execute(trx);
      if (Number(claimed.numAffectedRows ?? 0) === 0) return false;
      for (const { word, frequency, tag } of dictionary.words) {
        await sql`insert into search_word (id, word, frequency, tag) values (${randomUUID()}, ${word.trim()},
          ${frequency}, ${tag}) on conflict (word) do nothing`.execute(trx);
      }
      const taken = new Set((await this.groupsWith(trx)).flatMap((group) => group.words));
      for (const group of dictionary.synonyms) {
        const words = normalGroup(group).filter((word) => !taken.has(word));
        if (words.length < 2) continue;
        words.forEach((word) => taken.add(word));
        await sql`insert into search_synonym (id, words) values (${randomUUID()}, ${JSON.stringify(words)}::jsonb)`.execute(
          trx,
        );
      }
      return true;
    });
  }

  /** The whole dictionary, as segmenters are built from it. */
  async read(): Promise<SearchDictionary> {
    const [words, groups] = await Promise.all([
      sql<DictionaryWord>`select word, frequency, tag from search_word order by word`.execute(this.db),
      this.groupsWith(this.db),
    ]);
    return { words: words.rows, synonyms: groups.map((group) => group.words) };
  }

  /** `listener` runs with the new dictionary after every change (this instance's at once, others' on refresh). */
  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  /**
   * Whether another instance changed the dictionary since this one last looked (at most once per recheck
   * interval): if so, the listeners rebuild before the caller searches.
   */
  async refresh(): Promise<void> {
    if (this.now() - this.checkedAt < this.recheckMs) return;
    this.checking ??= (async () => {
      try {
        const version = await readCacheVersion(this.db, 'search-lexicon');
        this.checkedAt = this.now();
        if (this.knownVersion === undefined) this.knownVersion = version;
        else if (version !== this.knownVersion) await this.changed();
      } finally {
        this.checking = undefined;
      }
    })();
    await this.checking;
  }

  /** The custom words, filtered by part of a word and by tag, most recently changed first. */
  async words(
    filter: { word?: string; tag?: string },
    pageNo: number,
    pageSize: number,
  ): Promise<LexiconPage<StoredWord>> {
    const conditions = [sql`true`];
    if (filter.word) conditions.push(sql`word like ${`%${escapeLike(filter.word.trim().toLowerCase())}%`}`);
    if (filter.tag) conditions.push(sql`tag = ${filter.tag}`);
    const where = sql.join(conditions, sql` and `);
    const [rows, count] = await Promise.all([
      sql<StoredWord>`select ${wordRow} from search_word where ${where} order by updated_at desc, word
        limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(this.db),
      sql<{ n: string }>`select count(*) as n from search_word where ${where}`.execute(this.db),
    ]);
    return { dataList: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
  }

  async word(id: string): Promise<StoredWord> {
    const found = await sql<StoredWord>`select ${wordRow} from search_word where id = ${id}`.execute(this.db);
    if (!found.rows[0]) throw new DomainError('notFound', LexiconMessages.wordMissing);
    return found.rows[0];
  }

  /** Adds a word (lower-cased, as the segmenter answers words); -409 when it is there already. */
  async addWord(input: DictionaryWord): Promise<StoredWord> {
    const id = randomUUID();
    await this.unique(() =>
      sql`insert into search_word (id, word, frequency, tag, updated_at)
        values (${id}, ${input.word.trim().toLowerCase()}, ${input.frequency}, ${input.tag}, now())`.execute(this.db),
    );
    await this.changed();
    return this.word(id);
  }

  async updateWord(id: string, input: DictionaryWord): Promise<StoredWord> {
    const result = await this.unique(() =>
      sql`update search_word set word = ${input.word.trim().toLowerCase()}, frequency = ${input.frequency},
        tag = ${input.tag}, updated_at = now() where id = ${id}`.execute(this.db),
    );
    if (Number(result.numAffectedRows ?? 0) === 0) throw new DomainError('notFound', LexiconMessages.wordMissing);
    await this.changed();
    return this.word(id);
  }

  async removeWord(id: string): Promise<void> {
    const result = await sql`delete from search_word where id = ${id}`.execute(this.db);
    if (Number(result.numAffectedRows ?? 0) === 0) throw new DomainError('notFound', LexiconMessages.wordMissing);
    await this.changed();
  }

  /** The synonym groups, those holding part of `word` when given. */
  async groups(filter: { word?: string }, pageNo: number, pageSize: number): Promise<LexiconPage<StoredSynonymGroup>> {
    const where = filter.word
      ? sql`words::text like ${`%${escapeLike(filter.word.trim().toLowerCase())}%`}`
      : sql`true`;
    const [rows, count] = await Promise.all([
      sql<Omit<StoredSynonymGroup, 'wordsText'>>`select ${groupRow} from search_synonym where ${where}
        order by updated_at desc, words->>0, id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(this.db),
      sql<{ n: string }>`select count(*) as n from search_synonym where ${where}`.execute(this.db),
    ]);
    return { dataList: rows.rows.map(withText), total: Number(count.rows[0]?.n ?? 0) };
  }

  async group(id: string): Promise<StoredSynonymGroup> {
    const found = await sql<Omit<StoredSynonymGroup, 'wordsText'>>`select ${groupRow} from search_synonym
      where id = ${id}`.execute(this.db);
    if (!found.rows[0]) throw new DomainError('notFound', LexiconMessages.groupMissing);
    return withText(found.rows[0]);
  }

  /** A new group; a word belongs to one group only (two groups sharing a word would be one meaning). */
  async addGroup(words: readonly string[]): Promise<StoredSynonymGroup> {
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      const group = await this.checkedGroup(trx, words, undefined);
      await sql`insert into search_synonym (id, words, updated_at)
        values (${id}, ${JSON.stringify(group)}::jsonb, now())`.execute(trx);
    });
    await this.changed();
    return this.group(id);
  }

  async updateGroup(id: string, words: readonly string[]): Promise<StoredSynonymGroup> {
    await this.db.transaction().execute(async (trx) => {
      const group = await this.checkedGroup(trx, words, id);
      const result = await sql`update search_synonym set words = ${JSON.stringify(group)}::jsonb, updated_at = now()
        where id = ${id}`.execute(trx);
      if (Number(result.numAffectedRows ?? 0) === 0) throw new DomainError('notFound', LexiconMessages.groupMissing);
    });
    await this.changed();
    return this.group(id);
  }

  async removeGroup(id: string): Promise<void> {
    const result = await sql`delete from search_synonym where id = ${id}`.execute(this.db);
    if (Number(result.numAffectedRows ?? 0) === 0) throw new DomainError('notFound', LexiconMessages.groupMissing);
    await this.changed();
  }

  private async groupsWith(db: Db): Promise<{ id: string; words: string[] }[]> {
    return (await sql<{ id: string; words: string[] }>`select id, words from search_synonym order by id`.execute(db))
      .rows;
  }

  /**
   * The group as stored, or a refusal: fewer than two words, or a word of another group. Groups are locked while
   * checked, so two administrators cannot put one word into two groups at once.
   */
  private async checkedGroup(trx: Db, words: readonly string[], id: string | undefined): Promise<string[]> {
    const group = normalGroup(words);
    if (group.length < 2)
      throw new DomainError('invalid', LexiconMessages.groupTooSmall, {
        fields: [{ field: 'words', message: LexiconMessages.groupTooSmall }],
      });
    await sql`lock table search_synonym in share row exclusive mode`.execute(trx);
    const others = (await this.groupsWith(trx)).filter((other) => other.id !== id);
    const taken = group.find((word) => others.some((other) => other.words.includes(word)));
    if (taken !== undefined) throw new DomainError('conflict', LexiconMessages.groupTaken(taken));
    return group;
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) !== undefined) throw new DomainError('conflict', LexiconMessages.wordTaken);
      throw error;
    }
  }

  /** The dictionary changed (here, or seen on refresh): remember its version and rebuild what uses it. */
  private async changed(): Promise<void> {
    this.knownVersion = await readCacheVersion(this.db, 'search-lexicon');
    this.checkedAt = this.now();
    if (this.listeners.length === 0) return;
    const dictionary = await this.read();
    for (const listener of this.listeners) await listener(dictionary);
  }
}

function withText(group: Omit<StoredSynonymGroup, 'wordsText'>): StoredSynonymGroup {
  return { ...group, wordsText: group.words.join('、') };
}
