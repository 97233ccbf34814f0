/**
 * Process definitions: the files `schemas/processes/<id>.json` are the seed of version 1 (and of the next one when
 * a file changes, until the designer publishes); every version lives in
 * `wf_definition`, immutable once published, and an instance keeps the version it started on. Publishing a new
 * version (the designer) passes the same meta-schema and the same checks as `schemas:check`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { type ExpressionBuilder, sql } from 'kysely';
import { formAjvOptions } from '../../shared/ajv-options.js';
import type { FieldError } from '../../shared/envelope.js';
import { metaSchemaFaults, processFaults, type ProcessFacts, type ProcessFile } from '../../shared/processes.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/tables.js';
import { schemasDir } from '../paths.js';
import { parseJson } from './tables.js';
import { DomainError, invalidFields } from '../domain-error.js';

export interface DefinitionVersion {
  /** `<process id>@<version>` */
  id: string;
  processId: string;
  version: number;
  name: string;
  category: string;
  body: ProcessFile;
  publishedAt: Date;
}

/** One published version as the designer lists it. */
export interface VersionSummary {
  version: number;
  publishedAt: Date;
  /** The publisher's name; null for a version that came from the file. */
  publishedBy: string | null;
}

export const DefinitionMessages = {
  notFound: '流程不存在',
  invalid: '流程定义不正确',
  idMismatch: '流程 id 与地址中的不一致',
} as const;

/** Keeps, of the definitions aliased `d`, only each process's newest version. */
function isNewestVersion({ eb, selectFrom }: ExpressionBuilder<Database & { d: Database['wf_definition'] }, 'd'>) {
  return eb(
    'd.version',
    '=',
    selectFrom('wf_definition as n')
      .select((n) => n.fn.max('n.version').as('v'))
      .whereRef('n.process_id', '=', 'd.process_id'),
  );
}

/**
 * Keeps, of the definitions aliased `d`, the processes that are there: not those of a module whose folder was
 * removed (wf_process_owner, kept by the seed), whose instances stay readable by their definition's id.
 */
function isPresent({ not, exists, selectFrom }: ExpressionBuilder<Database & { d: Database['wf_definition'] }, 'd'>) {
  return not(
    exists(
      selectFrom('wf_process_owner as o')
        .select('o.process_id')
        .whereRef('o.process_id', '=', 'd.process_id')
        .where('o.present', '=', false),
    ),
  );
}

export function definitionId(processId: string, version: number): string {
  return `${processId}@${version}`;
}

/**
 * Every process file: the portal's (schemas/processes) and those of the modules present (`modules/<m>/processes`,
 * already checked against the meta-schema when the modules were loaded). Files passed `schemas:check`; a broken one
 * stops the start below. A process id is unique across all of them.
 */
export function loadProcessFiles(
  modules: readonly { manifest: { id: string }; processes: readonly ProcessFile[] }[] = [],
  dir: string = path.join(schemasDir, 'processes'),
): ProcessFile[] {
  const own = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ProcessFile);
  const files = [...own, ...modules.flatMap((module) => module.processes)];
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.id)) throw new Error(`process "${file.id}" is declared twice (schemas/processes and modules)`);
    seen.add(file.id);
  }
  return files.sort((a, b) => a.id.localeCompare(b.id));
}

/** The meta-schema of process files, with the meta-schemas it refers to (the form vocabulary). */
function compileMetaSchema(): ValidateFunction {
  const metaDir = path.join(schemasDir, 'meta');
  const ajv = new Ajv({ allErrors: true, strict: false });
  for (const name of readdirSync(metaDir).filter((n) => n.endsWith('.json')))
    ajv.addSchema(JSON.parse(readFileSync(path.join(metaDir, name), 'utf8')) as object, path.basename(name, '.json'));
  const validate = ajv.getSchema('process');
  if (!validate) throw new Error('schemas/meta/process.json is missing');
  return validate;
}

interface VersionRow {
  id: string;
  process_id: string;
  version: number;
  name: string;
  category: string;
  body: unknown;
  published_at: Date;
}

/** JSON with the keys of every object sorted: jsonb does not keep a file's key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, node: unknown) =>
    node !== null && typeof node === 'object' && !Array.isArray(node)
      ? Object.fromEntries(Object.entries(node as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : node,
  );
}

function toVersion(row: VersionRow): DefinitionVersion {
  return {
    id: row.id,
    processId: row.process_id,
    version: row.version,
    name: row.name,
    category: row.category,
    body: parseJson<ProcessFile>(row.body),
    publishedAt: new Date(row.published_at),
  };
}

export class ProcessDefinitions {
  /** Published versions never change: cached by id once read. */
  private readonly versions = new Map<string, DefinitionVersion>();
  private metaSchema: ValidateFunction | undefined;

  constructor(private readonly db: Db) {}

  /**
   * The files as versions: a process without any version gets version 1; a changed file becomes the next version
   * while every version so far came from the files (none published by the designer, whose versions a file never
   * overrides). Idempotent.
   */
  /**
   * Marks which module each module's process came from, and which modules are there now: the processes of a
   * module whose folder was removed leave 发起申请 and the designer (see isPresent), and come back with it.
   */
  static async seedOwners(db: Db, owners: ReadonlyMap<string, string>): Promise<void> {
    if (owners.size > 0)
      await db
        .insertInto('wf_process_owner')
        .values([...owners].map(([process_id, module]) => ({ process_id, module, present: true })))
        .onConflict((oc) =>
          oc.column('process_id').doUpdateSet((eb) => ({ module: eb.ref('excluded.module'), present: true })),
        )
        .execute();
    await db
      .updateTable('wf_process_owner')
      .set({ present: false })
      .where('present', '=', true)
      .$if(owners.size > 0, (query) => query.where('process_id', 'not in', [...owners.keys()]))
      .execute();
  }

  static async seed(db: Db, files: readonly ProcessFile[]): Promise<void> {
    if (files.length === 0) return;
    const rows = await db
      .selectFrom('wf_definition')
      .select(['process_id', 'version', 'body', 'published_by'])
      .where(
        'process_id',
        'in',
        files.map((file) => file.id),
      )
      .execute();
    const fresh = files.flatMap((file) => {
      const versions = rows.filter((row) => row.process_id === file.id);
      if (versions.some((row) => row.published_by !== null)) return [];
      const newest = versions.reduce<(typeof versions)[number] | undefined>(
        (best, row) => (best === undefined || row.version > best.version ? row : best),
        undefined,
      );
      if (newest && canonical(parseJson(newest.body)) === canonical(file)) return [];
      const version = (newest?.version ?? 0) + 1;
      return [
        {
          id: definitionId(file.id, version),
          process_id: file.id,
          version,
          name: file.name,
          category: file.category,
          body: JSON.stringify(file),
          published_by: null,
        },
      ];
    });
    if (fresh.length === 0) return;
    await db
      .insertInto('wf_definition')
      .values(fresh)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async byId(id: string): Promise<DefinitionVersion | undefined> {
    const cached = this.versions.get(id);
    if (cached) return cached;
    const row = await this.db.selectFrom('wf_definition').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const version = toVersion(row);
    this.versions.set(id, version);
    return version;
  }

  /** The newest version of every process, by category then name. */
  async latestAll(): Promise<DefinitionVersion[]> {
    const rows = await this.db
      .selectFrom('wf_definition as d')
      .selectAll('d')
      .where(isNewestVersion)
      .where(isPresent)
      .orderBy('d.category')
      .orderBy('d.name')
      .execute();
    return rows.map(toVersion);
  }

  async latest(processId: string): Promise<DefinitionVersion> {
    const row = await this.db
      .selectFrom('wf_definition as d')
      .selectAll('d')
      .where('d.process_id', '=', processId)
      .where(isPresent)
      .orderBy('d.version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new DomainError('notFound', DefinitionMessages.notFound);
    return toVersion(row);
  }

  /**
   * Every version of one process, newest first, with who published it (null: the file of schemas/processes).
   * -404 for a process without any.
   */
  async history(processId: string): Promise<VersionSummary[]> {
    const rows = await this.db
      .selectFrom('wf_definition as d')
      .leftJoin('sys_user as u', 'u.id', 'd.published_by')
      .select(['d.version', 'd.published_at', 'u.name as publisher'])
      .where('d.process_id', '=', processId)
      .orderBy('d.version', 'desc')
      .execute();
    if (rows.length === 0) throw new DomainError('notFound', DefinitionMessages.notFound);
    return rows.map((row) => ({
      version: row.version,
      publishedAt: new Date(row.published_at),
      publishedBy: row.publisher ?? null,
    }));
  }

  /** The newest version of every process with its publisher and how many versions it has (the designer's list). */
  async overview(): Promise<
    (VersionSummary & { processId: string; name: string; category: string; versions: number })[]
  > {
    const rows = await this.db
      .selectFrom('wf_definition as d')
      .leftJoin('sys_user as u', 'u.id', 'd.published_by')
      .select(({ selectFrom }) => [
        'd.process_id',
        'd.name',
        'd.category',
        'd.version',
        'd.published_at',
        'u.name as publisher',
        selectFrom('wf_definition as c')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('c.process_id', '=', 'd.process_id')
          .as('versions'),
      ])
      .where(isNewestVersion)
      .where(isPresent)
      .orderBy('d.category')
      .orderBy('d.name')
      .execute();
    return rows.map((row) => ({
      processId: row.process_id,
      name: row.name,
      category: row.category,
      version: row.version,
      publishedAt: new Date(row.published_at),
      publishedBy: row.publisher ?? null,
      versions: Number(row.versions ?? 0),
    }));
  }

  /** The roles and users a definition's nodes may name, as the database holds them now (by name). */
  async namable(): Promise<{
    roles: { enname: string; name: string }[];
    users: { id: string; name: string; loginName: string }[];
  }> {
    const [roles, users] = await Promise.all([
      this.db.selectFrom('sys_role').select(['enname', 'name']).where('del_flag', '=', '0').orderBy('name').execute(),
      this.db
        .selectFrom('sys_user')
        .select(['id', 'name', 'login_name'])
        .where('del_flag', '=', '0')
        .orderBy('name')
        .execute(),
    ]);
    return {
      roles: roles.flatMap((r) => (r.enname ? [{ enname: r.enname, name: r.name }] : [])),
      users: users.map((u) => ({ id: u.id, name: u.name, loginName: u.login_name })),
    };
  }

  /** The roles, users and collections a definition may name, as the database holds them now. */
  async facts(collections: ReadonlySet<string>): Promise<ProcessFacts> {
    const { roles, users } = await this.namable();
    return { roles: new Set(roles.map((r) => r.enname)), users: new Set(users.map((u) => u.id)), collections };
  }

  /** The faults of a definition (meta-schema first, then the flow's checks), as -400 field errors. */
  check(body: unknown, facts: ProcessFacts): FieldError[] {
    this.metaSchema ??= compileMetaSchema();
    if (!this.metaSchema(body))
      return metaSchemaFaults(this.metaSchema.errors).map((fault) => ({
        field: fault.pointer,
        message: fault.message,
      }));
    const file = body as ProcessFile;
    try {
      // The form must compile as the server will compile it (an invalid pattern passes the meta-schema).
      addFormats(new Ajv({ ...formAjvOptions })).compile(file.form.schema);
    } catch (error) {
      return [{ field: '/form/schema', message: `不是有效的 JSON Schema：${(error as Error).message}` }];
    }
    return processFaults(file, facts).map((fault) => ({ field: fault.pointer, message: fault.message }));
  }

  /** Publishes `body` as the next version of `processId` (a new process starts at version 1). */
  async publish(processId: string, body: unknown, facts: ProcessFacts, actorId: string): Promise<DefinitionVersion> {
    const errors = this.check(body, facts);
    if (errors.length > 0) throw invalidFields(errors);
    const file = body as ProcessFile;
    if (file.id !== processId) throw new DomainError('invalid', DefinitionMessages.idMismatch);
    // The next number is taken inside the insert; two publishers at once collide on the unique constraint.
    const row = await this.db
      .insertInto('wf_definition')
      .columns(['id', 'process_id', 'version', 'name', 'category', 'body', 'published_by'])
      .expression(
        this.db
          .selectFrom('wf_definition')
          .select([
            sql<string>`${processId} || '@' || (coalesce(max(version), 0) + 1)`.as('id'),
            sql<string>`${processId}`.as('process_id'),
            sql<number>`coalesce(max(version), 0) + 1`.as('version'),
            sql<string>`${file.name}`.as('name'),
            sql<string>`${file.category}`.as('category'),
            sql<string>`${JSON.stringify(file)}::jsonb`.as('body'),
            sql<string>`${actorId}`.as('published_by'),
          ])
          .where('process_id', '=', processId),
      )
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505')
          throw new DomainError('conflict', '另一位管理员刚刚发布了新版本，请刷新后重试');
        throw error;
      });
    return toVersion(row);
  }
}
