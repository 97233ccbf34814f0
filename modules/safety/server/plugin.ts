/**
 * The safety module's own server behaviour, for what its schema files cannot declare: an inspection's checklist
 * made from its template, hazards raised when an inspection with 不合格 items is completed, and the labour
 * registry's flag of on-site workers without a passed 三级安全教育. Each is a write hook of the collections
 * (`records.onWrite`): it runs inside the write's own transaction, so a refusal undoes the whole call.
 */
import type { ModulePlugin } from '../../../src/server/module-api.js';
import { educationHooks, refreshEducationFlags } from './education.js';
import { inspectionHooks } from './inspection.js';

const plugin: ModulePlugin = async (app) => {
  const { collections } = app;
  inspectionHooks(collections);
  educationHooks(collections);
  // Records seeded or imported without the hooks (demo data, a restore) get their flags at start.
  await refreshEducationFlags(app.services.db);
};

export default plugin;
