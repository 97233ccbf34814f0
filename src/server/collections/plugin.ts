/**
 * The collections of every module: at start their tables are brought in line with their files, then each gets
 * its standard API under /api/data/<id>. `app.collections` lets a module's own plugin reach the records.
 */
import { globalPlugin } from '../http/global-plugin.js';
import type { PortalModule } from '../modules/module-files.js';
import { CollectionRecords } from './records.js';
import { projectMembersRoute } from './project-members.js';
import { CollectionImport, IMPORT_JOB } from './import-job.js';
import { importRoutes } from './import-routes.js';
import { JobFailure } from '../jobs/types.js';
import { collectionRoutes } from './routes.js';
import { syncCollectionTables } from './table-sync.js';

declare module 'fastify' {
  interface FastifyInstance {
    collections: ReadonlyMap<string, CollectionRecords>;
  }
}

export default globalPlugin<{ modules: readonly PortalModule[] }>('collections', async (app, { modules }) => {
  const { db, config } = app.services;
  const files = modules.flatMap((module) => module.collections);
  await syncCollectionTables(db, files);
  const registry = new Map<string, CollectionRecords>();
  for (const file of files) registry.set(file.id, new CollectionRecords(db, file, config.now, registry));
  app.decorate('collections', registry);
  projectMembersRoute(app);
  for (const records of registry.values())
    await app.register(
      async (scoped) => {
        collectionRoutes(scoped, records);
        await importRoutes(scoped, records);
      },
      { prefix: `/api/data/${records.file.id}` },
    );
  // One import at a time per instance: it is a long stream of batches, and imports spread over the instances.
  // An import cut off halfway has written some rows: it is reported, never run again over them.
  app.jobs.work(
    IMPORT_JOB,
    async (job) => {
      const records = registry.get(job.payload.collection);
      if (!records) throw new JobFailure(`没有数据集 ${job.payload.collection}`);
      return new CollectionImport(db, records, job, registry).run();
    },
    { label: '数据导入' },
  );
});
