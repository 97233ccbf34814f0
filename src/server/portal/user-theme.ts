/** A user's saved preference (spec section 3 "User theme"): theme name and the selected project as JSON text. */
import type { Db } from '../db/database.js';

export interface UserTheme {
  userId: string;
  theme: string;
  /** JSON text of the selected project; '' when nothing was saved. */
  remarks: string;
  /** ISO 8601; '' when nothing was saved. */
  updateDate: string;
}

export class UserThemes {
  constructor(private readonly db: Db) {}

  async get(userId: string): Promise<UserTheme> {
    const row = await this.db.selectFrom('user_theme').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return { userId, theme: 'default', remarks: '', updateDate: '' };
    return { userId, theme: row.theme, remarks: row.remarks, updateDate: new Date(row.updated_at).toISOString() };
  }

  async save(userId: string, theme: string, remarks: string, now: Date): Promise<UserTheme> {
    await this.db
      .insertInto('user_theme')
      .values({ user_id: userId, theme, remarks, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ theme, remarks, updated_at: now }))
      .execute();
    return { userId, theme, remarks, updateDate: now.toISOString() };
  }
}
