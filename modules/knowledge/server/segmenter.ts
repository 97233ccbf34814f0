/**
 * Chinese text into words, the one place the knowledge module segments: articles when they are indexed, queries
 * when they are searched. Segmentation is @node-rs/jieba (the Rust port of 结巴分词) with its own dictionary plus a
 * construction dictionary (塔式起重机, 深基坑, 模板支撑 ...), so a term of the trade is one word instead of pieces;
 * synonyms (塔吊 = 塔式起重机) widen a query, never the index, so a new synonym needs no reindexing.
 *
 * What it segments with is a `Lexicon`: the portal's search dictionary and synonyms (kept in the database, maintained
 * on 词库分析, seeded once from the files in modules/knowledge/dictionary/) and the stop words of stopwords.txt; a
 * change of the dictionary `reload`s the segmenter, and `version` tells the index which articles were segmented with
 * an older dictionary (article-index.ts reindexes them).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as JiebaModule from '@node-rs/jieba';
import { onFirstUse } from '../../../src/server/module-api.js';

/** A word of the dictionary, as jieba takes it: the word, its frequency (weight), its part of speech. */
export interface LexiconWord {
  word: string;
  frequency: number;
  tag: string;
}

export interface Lexicon {
  words: LexiconWord[];
  /** Groups of words that mean the same; the first is the preferred one. */
  synonyms: string[][];
  /** Words a query leaves out (的, 如何 ...); the index keeps them, since ranking ignores what no query asks. */
  stopWords: string[];
}

/** A query taken apart: its words (stop words left out), and per word the words it also matches. */
export interface AnalysedQuery {
  words: string[];
  /** One group per word: the word first, then its synonyms. A hit must match a word of every group (or of any). */
  groups: string[][];
  /** The synonyms the groups added, for the search record. */
  expanded: string[];
}

/** jieba itself (a native module, with its 5 MB default dictionary) is loaded on the first segmentation. */
const jieba = onFirstUse(() => createRequire(import.meta.url)('@node-rs/jieba') as typeof JiebaModule);
const jiebaDict = onFirstUse(
  () => (createRequire(import.meta.url)('@node-rs/jieba/dict') as { dict: Uint8Array }).dict,
);

/**
 * Text as it may reach the segmenter and the database: control characters (a NUL, which PostgreSQL refuses in text)
 * and lone surrogate halves (which are no characters) become spaces.
 */
export function cleanText(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    ' ',
  );
}

/** A word worth indexing or searching: it holds a letter, a digit or a Chinese character (not a space or a comma). */
const MEANINGFUL = /[\p{L}\p{N}]/u;

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The lexicon kept as files: `<dir>/construction.dict.txt`, `synonyms.txt`, `stopwords.txt`. The words and synonyms
 * seed the portal's search dictionary at first start; the stop words are read from here at every start.
 */
export function readLexiconFiles(dir: string): Lexicon {
  const read = (name: string) => lines(readFileSync(path.join(dir, name), 'utf8'));
  return {
    words: read('construction.dict.txt').map((line) => {
      const [word, frequency, tag] = line.split(/\s+/);
      return { word, frequency: Number(frequency) || 3000, tag: tag ?? 'n' };
    }),
    synonyms: read('synonyms.txt').map((line) => line.split(/\s+/).filter(Boolean)),
    stopWords: read('stopwords.txt'),
  };
}

export class Segmenter {
  /** Changes when the dictionary's words do: articles segmented with another version are indexed again. */
  version = '';
  private synonymsOf = new Map<string, string[]>();
  private stopWords = new Set<string>();
  private engine: () => JiebaModule.Jieba = () => {
    throw new Error('the segmenter has no lexicon');
  };

  constructor(lexicon: Lexicon) {
    this.reload(lexicon);
  }

  /**
   * Segments with another lexicon from now on (the 词库 screen changed the dictionary): a new jieba instance, since
   * jieba can add words to an instance but not take them out.
   */
  reload(lexicon: Lexicon): void {
    const dictionary = lexicon.words.map(({ word, frequency, tag }) => `${word} ${frequency} ${tag}`).join('\n');
    const synonymsOf = new Map<string, string[]>();
    for (const group of lexicon.synonyms) {
      const words = [...new Set(group.map((word) => word.toLowerCase()))];
      for (const word of words) {
        const known = synonymsOf.get(word) ?? [];
        synonymsOf.set(word, [...new Set([...known, ...words.filter((other) => other !== word)])]);
      }
    }
    this.version = createHash('sha256').update(dictionary).digest('hex').slice(0, 16);
    this.stopWords = new Set(lexicon.stopWords);
    this.synonymsOf = synonymsOf;
    // Built on first use: a server that never searches never loads jieba.
    this.engine = onFirstUse(() => {
      const { Jieba } = jieba();
      const engine = Jieba.withDict(jiebaDict());
      // The trade's words, and every synonym, as words of their own, so 塔吊 or 外架 is never cut in two.
      const extra = lexicon.synonyms.flat().map((word) => `${word} 3000 n`);
      engine.loadDict(Buffer.from([dictionary, ...extra].join('\n'), 'utf8'));
      return engine;
    });
  }

  /** The words of a text as one reads them (precise mode), lower-cased, without spaces and punctuation. */
  words(text: string): string[] {
    return this.engine()
      .cut(cleanText(text), true)
      .map((word) => word.trim().toLowerCase())
      .filter((word) => MEANINGFUL.test(word));
  }

  /**
   * The words to index a text by (search mode): every word, and the shorter words inside a long one (起重机 in
   * 塔式起重机), so a query for a part finds the whole.
   */
  indexWords(text: string): string[] {
    return this.engine()
      .cutForSearch(cleanText(text), true)
      .map((word) => word.trim().toLowerCase())
      .filter((word) => MEANINGFUL.test(word));
  }

  /** A query's words without stop words, each with its synonyms. */
  analyseQuery(query: string): AnalysedQuery {
    const words = [...new Set(this.words(query).filter((word) => !this.stopWords.has(word)))];
    const groups = words.map((word) => [word, ...(this.synonymsOf.get(word) ?? [])]);
    const expanded = [...new Set(groups.flatMap((group) => group.slice(1)))].filter((word) => !words.includes(word));
    return { words, groups, expanded };
  }
}
