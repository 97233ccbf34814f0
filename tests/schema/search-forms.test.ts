/**
 * A list's filters are its screen's search form (the server's query string is built from it), so a search form that
 * lists choices must list the ones the server knows: a kind missing from the form could not be filtered on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KIND_IDS, MESSAGE_KINDS } from '../../src/server/messages/kinds';
import { PROCESS_CATEGORIES } from '../../src/shared/processes';

const formFile = (form: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/forms', `${form}.json`), 'utf8'));
const choices = (form: string, field: string): unknown => formFile(form).schema.properties[field].enum;

describe('search forms that list choices', () => {
  it('the message search lists every message kind', () => {
    expect(choices('search-message', 'kind')).toEqual(MESSAGE_KIND_IDS);
    expect(formFile('search-message').uiSchema.kind['ui:enumNames']).toEqual(
      MESSAGE_KIND_IDS.map((kind) => MESSAGE_KINDS[kind].label),
    );
  });

  it('the process search lists every process category', () => {
    expect(choices('search-process', 'category')).toEqual([...PROCESS_CATEGORIES]);
  });
});
