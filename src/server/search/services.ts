/** Search as a service of the portal: the record of every search, and the dictionary segmenting searches use. */
import type { DataScope } from '../accounts/data-scope.js';
import type { Db } from '../db/database.js';
import { SearchLexicon } from './lexicon.js';
import { SearchLog } from './search-log.js';

export interface SearchServices {
  log: SearchLog;
  lexicon: SearchLexicon;
}

/** How long an instance trusts the dictionary it built before it asks whether another instance changed it. */
const LEXICON_RECHECK_MS = 2_000;

export function createSearchServices(db: Db, scopeOf: (userId: string) => Promise<DataScope>): SearchServices {
  return { log: new SearchLog(db, scopeOf), lexicon: new SearchLexicon(db, LEXICON_RECHECK_MS) };
}
