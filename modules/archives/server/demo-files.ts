/**
 * The electronic files of the demo archive: at start, each demo archive file without a version gets a PDF the
 * server makes (demo-pdf.ts), stored like an upload and recorded as version 1 with its SHA-256. Only with demo
 * data, and only once: a restart finds the versions there.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { CollectionRecords, Db, ResumableUploads } from '../../../src/server/module-api.js';
import { demoArchiveFiles } from './demo-data.js';
import { demoPdf } from './demo-pdf.js';
import type { FileVersions } from './versions.js';

export async function makeDemoFiles(
  db: Db,
  files: CollectionRecords,
  uploads: ResumableUploads,
  versions: FileVersions,
): Promise<number> {
  const demo = demoArchiveFiles();
  const { rows } = await sql<{ id: string }>`select f.id from ${sql.table(files.table)} f
    where f.id in (${sql.join(demo.map((file) => file.id))})
    and not exists (select 1 from archive_file_version v where v.file_id = f.id)`.execute(db);
  const missing = new Set(rows.map((row) => row.id));
  let made = 0;
  for (const file of demo) {
    if (!missing.has(file.id)) continue;
    const bytes = demoPdf(['GB/T 50328-2014', file.fileNo, 'Project archive file'], file.pages);
    const fileName = `${file.fileNo} ${file.title}.pdf`;
    const uploadId = await uploads.put(bytes, fileName, 'user-manager');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await versions.record(file, uploadId, fileName, 'pdf', bytes.length, sha256, 'user-manager', '数字化扫描件');
    made++;
  }
  return made;
}
