/**
 * Answers made of menu trees, cached serialized with their gzip and brotli forms: the role menu trees of
 * POST /api/zhgd/menu/roleMenuList (per role set and project type) and the administration tree of
 * GET /api/system/menu/{id}/treeData (per root and filter). They only change when menus, role grants or user roles
 * change, and rebuilding and serializing them (800 KB at 2,000 menus) on every request cost most of the time.
 *
 * Freshness: the database raises the `menu-tree` version on every write to those tables (migration 0007), whoever
 * writes. An entry remembers the version it was built at; the version is read again at most every
 * `recheckMs` (one query shared by all requests in between), and at once after `mayHaveChanged()`, which the app
 * calls after each write request this instance answers. So this instance's own writes show on the next request,
 * another instance's within `recheckMs`.
 */
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { MenuRecord } from '../../shared/envelope.js';
import { normaliseMenuPath, pageIdOfTarget } from '../../shared/menu-targets.js';
import { readCacheVersion } from '../db/cache-versions.js';
import type { Db } from '../db/database.js';
import type { ContentEncoding } from '../http/content-encoding.js';
import type { Menus } from './menus.js';

/** A role as the user view lists it: only its id matters here. */
interface RoleRef {
  readonly id: string;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** How many answers one instance keeps (the oldest goes first). */
const MAX_ENTRIES = 500;

/** One cached answer: its serialized body, compressed on first demand. */
export class CachedAnswer {
  private readonly compressed = new Map<ContentEncoding, Promise<Buffer>>();
  /** The compressed forms that are ready, so that a hit sends them without waiting on a promise. */
  private readonly ready = new Map<ContentEncoding, Buffer>();
  /** Whether the body is large enough to be worth compressing. */
  readonly worthCompressing: boolean;

  constructor(
    readonly version: string,
    /** The full response body, serialized once by the route's own serializer. */
    readonly body: string,
  ) {
    this.worthCompressing = Buffer.byteLength(body, 'utf8') >= COMPRESS_MIN_BYTES;
  }

  /** The body in `encoding`, computed once per entry whoever asks. */
  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let pending = this.compressed.get(encoding);
    if (pending === undefined) {
      const raw = Buffer.from(this.body, 'utf8');
      pending =
        encoding === 'br'
          ? brotliAsync(raw, {
              params: {
                // Built once, sent many times: a high quality is worth it, but not the slowest level.
                [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            })
          : gzipAsync(raw, { level: 9 });
      pending.then(
        (buffer) => this.ready.set(encoding, buffer),
        () => this.compressed.delete(encoding),
      );
      this.compressed.set(encoding, pending);
    }
    return pending;
  }

  /** The body in `encoding` when it has been computed, else undefined (then ask `encoded`). */
  encodedNow(encoding: ContentEncoding): Buffer | undefined {
    return this.ready.get(encoding);
  }
}

export class MenuTreeCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly building = new Map<string, Promise<CachedAnswer>>();
  private knownVersion: string | undefined;
  /** When the read that gave `knownVersion` started, and how many possible changes it had seen. */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checkedChanges = 0;
  /** Possible changes announced by mayHaveChanged(). */
  private changes = 0;
  private versionRead: { changes: number; promise: Promise<string> } | undefined;
  private readonly roleSetKeys = new WeakMap<readonly RoleRef[], string>();
  /** The route -> page map of each cached `route-pages` answer, parsed once. */
  private readonly routePageMaps = new WeakMap<CachedAnswer, ReadonlyMap<string, string>>();

  constructor(
    private readonly db: Db,
    private readonly menus: Menus,
    private readonly recheckMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Something this instance did may have changed menus, grants or user roles: read the version on next use. */
  mayHaveChanged(): void {
    this.changes += 1;
  }

  /**
   * The cache key of a role set: computed once per roles array (a user view's, which the user cache keeps while
   * the user does not change), not on every request.
   */
  private roleSetKey(roles: readonly RoleRef[]): string {
    let key = this.roleSetKeys.get(roles);
    if (key === undefined) {
      key = [...new Set(roles.map((role) => role.id))].sort().join('\u0000');
      this.roleSetKeys.set(roles, key);
    }
    return key;
  }

  private roleMenuKey(roles: readonly RoleRef[], projectType: string): string {
    return `role\u0000${projectType}\u0000${this.roleSetKey(roles)}`;
  }

  /**
   * The role menu tree answer of `roles` for `projectType` when the cache holds it at the version known to be
   * current, else undefined (then ask `roleMenuTree`). The common case of roleMenuList: no promise, no query.
   */
  cachedRoleMenuTree(roles: readonly RoleRef[], projectType: string): CachedAnswer | undefined {
    return this.cachedAnswer(this.roleMenuKey(roles, projectType));
  }

  /** The role menu tree of `roles` for `projectType`, serialized by `serialize` when it has to be built. */
  roleMenuTree(
    roles: readonly RoleRef[],
    projectType: string,
    serialize: (tree: MenuRecord[]) => string,
  ): Promise<CachedAnswer> {
    const roleIds = roles.map((role) => role.id);
    return this.answer(this.roleMenuKey(roles, projectType), async () =>
      serialize(await this.menus.roleMenuTree(roleIds, projectType)),
    );
  }

  /**
   * The id of the page file the menu item of `route` names (the same for every user, grants aside), if any: the web
   * app's page preloads the code of the page a link leads to (plugins/web-app.ts).
   */
  async pageOfRoute(route: string): Promise<string | undefined> {
    return (await this.routePages()).get(normaliseMenuPath(route));
  }

  /** Route path -> the id of the page file its menu item's target names, over every live menu. */
  private async routePages(): Promise<ReadonlyMap<string, string>> {
    const answer = await this.answer('route-pages', async () => {
      const pages: [string, string][] = [];
      const seen = new Set<string>();
      for (const { href, target } of await this.menus.routeTargets()) {
        const path = normaliseMenuPath(href);
        const pageId = pageIdOfTarget(target);
        if (!href.startsWith('/') || seen.has(path)) continue;
        seen.add(path);
        if (pageId) pages.push([path, pageId]);
      }
      return JSON.stringify(pages);
    });
    let pages = this.routePageMaps.get(answer);
    if (pages === undefined) {
      pages = new Map(JSON.parse(answer.body) as [string, string][]);
      this.routePageMaps.set(answer, pages);
    }
    return pages;
  }

  /** The answer `key` names when it is cached at the version known to be current, without reading the version. */
  cachedAnswer(key: string): CachedAnswer | undefined {
    if (!this.versionIsFresh()) return undefined;
    const cached = this.entries.get(key);
    return cached?.version === this.knownVersion ? cached : undefined;
  }

  /**
   * The answer `key` names (everything it depends on besides menus, grants and user roles), built by `build` when
   * missing or older than the database's version.
   */
  async answer(key: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const hit = this.cachedAnswer(key);
    if (hit !== undefined) return hit;
    const version = await this.currentVersion();
    const cached = this.entries.get(key);
    if (cached?.version === version) return cached;
    const buildKey = `${version}\u0000${key}`;
    let pending = this.building.get(buildKey);
    if (pending === undefined) {
      // Built after reading the version: a write committed in between makes the entry newer than its version,
      // never older.
      pending = build()
        .then((body) => new CachedAnswer(version, body))
        .finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, pending);
    }
    const built = await pending;
    this.store(key, built);
    return built;
  }

  private store(key: string, entry: CachedAnswer): void {
    const existing = this.entries.get(key);
    // A slower build of an older version must not replace a newer entry.
    if (existing !== undefined && BigInt(existing.version) > BigInt(entry.version)) return;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }

  /** Whether `knownVersion` may be used without reading the database's version again. */
  private versionIsFresh(): boolean {
    return (
      this.knownVersion !== undefined &&
      this.checkedChanges === this.changes &&
      this.clock() - this.checkedAt < this.recheckMs
    );
  }

  /** The database's version, read at most every `recheckMs` (one read shared by every request meanwhile). */
  private currentVersion(): Promise<string> {
    const known = this.knownVersion;
    if (known !== undefined && this.versionIsFresh()) return Promise.resolve(known);
    // Join a read in flight only if it started after the last announced change.
    if (this.versionRead?.changes === this.changes) return this.versionRead.promise;
    const changes = this.changes;
    const startedAt = this.clock();
    const promise = this.readVersion().then(
      (version) => {
        if (this.versionRead?.promise === promise) this.versionRead = undefined;
        if (startedAt >= this.checkedAt) {
          this.knownVersion = version;
          this.checkedAt = startedAt;
          this.checkedChanges = changes;
        }
        return version;
      },
      (error: unknown) => {
        if (this.versionRead?.promise === promise) this.versionRead = undefined;
        throw error;
      },
    );
    this.versionRead = { changes, promise };
    return promise;
  }

  private readVersion(): Promise<string> {
    return readCacheVersion(this.db, 'menu-tree');
  }
}
