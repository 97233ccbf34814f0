/** Every migration, by name, in order. Add a file and a line here; never edit a migration that has shipped. */
import type { Migration } from 'kysely/migration';
import * as foundation from './0001-foundation.js';
import * as accounts from './0002-accounts.js';

export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
};
