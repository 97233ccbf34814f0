/**
 * A list's filters are its screen's search form (the server's query string is built from it), so a search form that
 * lists choices must list the ones the server knows: a kind missing from the form could not be filtered on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MessageKinds } from '../../src/server/messages/kinds';
import { loadModules } from '../../src/server/modules/module-files';
import { PROCESS_CATEGORIES } from '../../src/shared/processes';

const formFile = (form: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/forms', `${form}.json`), 'utf8'));
const choices = (form: string, field: string): unknown => formFile(form).schema.properties[field].enum;

// The message kinds the server knows: the core's and those every module of modules/ declares.
const messageKinds = new MessageKinds(loadModules().map((module) => module.manifest));
const MESSAGE_KIND_IDS = messageKinds.ids();

/**
 * The message search's kinds come from the server (the kinds route answers the registry's options), so its choices
 * and their labels are what that route answers.
 */
function messageKindChoices(): { values: unknown; labels: unknown } {
  const source = formFile('search-message').uiSchema.kind['ui:options']?.source;
  if (source?.api?.url !== '/api/MC/McMessageUser/v1.0/kinds') return { values: undefined, labels: undefined };
  const options = messageKinds.options();
  return { values: options.map((option) => option.value), labels: options.map((option) => option.label) };
}

describe('search forms that list choices', () => {
  it('the message search lists every message kind', () => {
    expect(messageKindChoices().values).toEqual(MESSAGE_KIND_IDS);
    expect(messageKindChoices().labels).toEqual(MESSAGE_KIND_IDS.map((kind) => messageKinds.label(kind)));
  });

  it('the process search lists every process category', () => {
    expect(choices('search-process', 'category')).toEqual([...PROCESS_CATEGORIES]);
  });
});
