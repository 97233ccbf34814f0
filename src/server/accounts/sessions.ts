/**
 * Sessions are refresh-token families (table refresh_token). A login starts a family; every refresh spends the
 * presented token (single use) and adds its successor to the family; presenting a spent token again revokes
 * the whole family (token theft detection). Tokens are random 32 bytes, stored only as SHA-256 hashes.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { TtlCache } from '../lib/ttl-cache.js';

export interface IssuedRefresh {
  token: string;
  familyId: string;
}

/** Where a login or refresh came from: kept with the token it issues, shown in 在线用户. */
export interface SessionClient {
  ip?: string;
  userAgent?: string;
}

/** The longest user agent kept (browsers send about 150 characters). */
const USER_AGENT_MAX = 512;

export type RotateResult =
  { status: 'rotated'; userId: string; familyId: string; token: string } | { status: 'reused' | 'invalid' };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class Sessions {
  /** family id -> still active; lets an access token stop working soon after logout or a reuse alarm. */
  private readonly activeCache: TtlCache<string, boolean>;

  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
    cacheTtlMs: number,
  ) {
    this.activeCache = new TtlCache(cacheTtlMs);
  }

  async start(userId: string, client: SessionClient = {}): Promise<IssuedRefresh> {
    const familyId = randomUUID();
    const token = await this.insert(userId, familyId, randomUUID(), client);
    this.activeCache.set(familyId, true);
    return { token, familyId };
  }

  /** Spends `token` and issues its successor, or reports reuse (family now revoked) / an invalid token. */
  async rotate(token: string, client: SessionClient = {}): Promise<RotateResult> {
    const tokenHash = hashToken(token);
    const successorId = randomUUID();
    const spent = await this.db
      .updateTable('refresh_token')
      .set({ revoked_at: sql<Date>`now()`, replaced_by: successorId })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['user_id', 'family_id'])
      .executeTakeFirst();
    if (spent) {
      const next = await this.insert(spent.user_id, spent.family_id, successorId, client);
      return { status: 'rotated', userId: spent.user_id, familyId: spent.family_id, token: next };
    }
    const known = await this.db
      .selectFrom('refresh_token')
      .select(['family_id', 'replaced_by'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (known?.replaced_by) {
      await this.revokeFamily(known.family_id);
      return { status: 'reused' };
    }
    return { status: 'invalid' };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_token')
      .set({ revoked_at: sql<Date>`now()` })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
    this.activeCache.set(familyId, false);
  }

  /**
   * Ends every session of a user (password changed, login disabled). This instance forgets them at once; other
   * instances within their session cache TTL (config.userCacheTtlMs), the refresh tokens stop working everywhere.
   */
  async revokeUser(userId: string): Promise<void> {
    const revoked = await this.db
      .updateTable('refresh_token')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('family_id')
      .execute();
    for (const family of new Set(revoked.map((row) => row.family_id))) this.activeCache.set(family, false);
  }

  async familyOf(token: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('refresh_token')
      .select('family_id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    return row?.family_id;
  }

  /** What `isActive` would answer from its cache alone, or undefined when it has to ask the database. */
  cachedActive(familyId: string): boolean | undefined {
    return this.activeCache.get(familyId);
  }

  /** True while the family holds an unspent, unexpired token. Cached for a few seconds. */
  isActive(familyId: string): Promise<boolean> {
    return this.activeCache.getOrLoad(familyId, () => this.loadActive(familyId));
  }

  private async loadActive(familyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_token')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Housekeeping: drops tokens that expired more than a day ago. */
  async purgeExpired(): Promise<void> {
    await this.db
      .deleteFrom('refresh_token')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }

  private async insert(userId: string, familyId: string, id: string, client: SessionClient): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('refresh_token')
      .values({
        id,
        token_hash: hashToken(token),
        user_id: userId,
        family_id: familyId,
        expires_at: new Date(Date.now() + this.ttlSeconds * 1000),
        ip: client.ip ?? null,
        user_agent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      })
      .execute();
    return token;
  }
}
