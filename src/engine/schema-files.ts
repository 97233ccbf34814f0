/**
 * The schema registry: every schema file under `schemas/`, loaded on demand by kind and id. A file's id is its
 * file name (`schemas/forms/login.json` is the form `login`); `schemas:check` holds files to that.
 */
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { DialogSchemaFile, FormSchemaFile, WizardSchemaFile } from './types';

// Forms of the portal and of every module folder; a module's collection is the form of its create and edit
// dialogs (its schema, uiSchema and messages), under the collection's id. Ids are unique across all of them.
const formFiles = import.meta.glob<FormSchemaFile>(
  ['/schemas/forms/*.json', '/modules/*/forms/*.json', '/modules/*/collections/*.json'],
  { import: 'default' },
);
const formValidators = import.meta.glob<ValidatorFunctions>(
  ['/schemas/forms/*.json', '/modules/*/forms/*.json', '/modules/*/collections/*.json'],
  { query: '?validator', import: 'default' },
);
// The starter's form of each approval process (`schemas/processes/<id>.json` and `modules/<m>/processes/<id>.json`,
// its `form`), validated like every form.
const processFiles = import.meta.glob<ProcessFormHolder>(['/schemas/processes/*.json', '/modules/*/processes/*.json'], {
  import: 'default',
});
const processValidators = import.meta.glob<ValidatorFunctions>(
  ['/schemas/processes/*.json', '/modules/*/processes/*.json'],
  {
    query: '?validator',
    import: 'default',
  },
);
const dialogFiles = import.meta.glob<DialogSchemaFile>('/schemas/dialogs/*.json', { import: 'default' });
const wizardFiles = import.meta.glob<WizardSchemaFile>('/schemas/wizards/*.json', { import: 'default' });

/** What the registry reads of a process file: its starter's form. */
interface ProcessFormHolder {
  name: string;
  form: Pick<FormSchemaFile, 'schema' | 'uiSchema'>;
}

/** The form id of a process's starter form: `process-form-material-purchase`. */
export function processFormId(processId: string): string {
  return `${PROCESS_FORM_PREFIX}${processId}`;
}
const PROCESS_FORM_PREFIX = 'process-form-';

const KIND_NAMES = { form: '表单', dialog: '对话框', wizard: '向导' } as const;

export class UnknownSchemaError extends Error {
  constructor(kind: keyof typeof KIND_NAMES, id: string) {
    super(`没有找到${KIND_NAMES[kind]}配置：${id}`);
  }
}

function fileKey(folder: string, id: string) {
  return `/schemas/${folder}/${id}.json`;
}

/** The id of a file key: `/schemas/forms/login.json` -> `login`. */
function idOfKey(key: string): string {
  return key.replace(/^.*\/(.+)\.json$/, '$1');
}

/** Form id -> its file key, wherever the file sits. */
const formKeys = new Map(Object.keys(formFiles).map((key) => [idOfKey(key), key] as const));

export interface LoadedForm {
  file: FormSchemaFile;
  validateFns: ValidatorFunctions;
}

/** Forms already in memory: loaded once, or shipped in the first bundle (`provideForms`). */
const loadedForms = new Map<string, LoadedForm>();

/**
 * Forms the app bundles with its first chunk (the landing page's form): the renderer shows them in its first
 * pass, with no chunk to wait for. Pass `import.meta.glob(..., { eager: true })` of the files and their
 * `?validator` modules.
 */
export function provideForms(
  files: Record<string, FormSchemaFile>,
  validators: Record<string, ValidatorFunctions>,
): void {
  for (const [key, file] of Object.entries(files)) {
    const validateFns = validators[key];
    if (validateFns) loadedForms.set(idOfKey(key), { file, validateFns });
  }
}

/** A form that is already in memory, else undefined (then `loadForm`). */
export function peekForm(id: string): LoadedForm | undefined {
  return loadedForms.get(id);
}

/** Process id -> its file key, wherever the file sits. */
const processKeys = new Map(Object.keys(processFiles).map((key) => [idOfKey(key), key] as const));

async function loadProcessForm(id: string): Promise<LoadedForm> {
  const key = processKeys.get(id.slice(PROCESS_FORM_PREFIX.length)) ?? '';
  const loadFile = processFiles[key];
  const loadValidator = processValidators[key];
  if (!loadFile || !loadValidator) throw new UnknownSchemaError('form', id);
  const [process, validateFns] = await Promise.all([loadFile(), loadValidator()]);
  const file: FormSchemaFile = { kind: 'form', id, title: process.name, ...process.form };
  loadedForms.set(id, { file, validateFns });
  return { file, validateFns };
}

export async function loadForm(id: string): Promise<LoadedForm> {
  const loaded = loadedForms.get(id);
  if (loaded) return loaded;
  if (!formKeys.has(id) && id.startsWith(PROCESS_FORM_PREFIX)) return loadProcessForm(id);
  const key = formKeys.get(id) ?? fileKey('forms', id);
  const loadFile = formFiles[key];
  const loadValidator = formValidators[key];
  if (!loadFile || !loadValidator) throw new UnknownSchemaError('form', id);
  const [file, validateFns] = await Promise.all([loadFile(), loadValidator()]);
  loadedForms.set(id, { file, validateFns });
  return { file, validateFns };
}

export async function loadDialog(id: string): Promise<DialogSchemaFile> {
  const loadFile = dialogFiles[fileKey('dialogs', id)];
  if (!loadFile) throw new UnknownSchemaError('dialog', id);
  return loadFile();
}

export async function loadWizard(id: string): Promise<WizardSchemaFile> {
  const loadFile = wizardFiles[fileKey('wizards', id)];
  if (!loadFile) throw new UnknownSchemaError('wizard', id);
  return loadFile();
}

export function formIds(): string[] {
  return Object.keys(formFiles).map(idOfKey);
}
