/** The base config (spec section 3): the newest row wins; a built-in default until one is stored. */
import type { BaseConfig } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';

export const DEFAULT_BASE_CONFIG: BaseConfig = {
  name: '智慧工地管理平台',
  titleLogo: '/app/favicon.svg',
  projectLogo: '/app/favicon.svg',
  version: '',
  support: '',
  defaultMenu: '/work-bench',
};

export class BaseConfigs {
  constructor(private readonly db: Db) {}

  async newest(): Promise<BaseConfig> {
    const row = await this.db
      .selectFrom('base_config')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return DEFAULT_BASE_CONFIG;
    return {
      name: row.name,
      titleLogo: row.title_logo,
      projectLogo: row.project_logo,
      version: row.version,
      support: row.support,
      defaultMenu: row.default_menu,
    };
  }
}
