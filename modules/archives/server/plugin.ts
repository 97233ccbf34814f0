/**
 * 电子档案 (modules/archives): folders, files and borrowings are collections; this adds what no schema declares:
 * - the electronic files of an archive file as numbered versions (versions.ts), received from resumable uploads
 *   (tus, /api/files/uploads) with their type read from content and their SHA-256, kept where the portal's files are;
 * - the list's and the detail's reads carry the current version (name, kind, size, checksum, a signed link to
 *   preview or download it: content-links.ts); deleting a file deletes its versions' bytes;
 * - the demo PDFs (demo-files.ts). The 卷内目录 is the list's own Excel export.
 */
import { ensureSecret, type ModulePlugin, recordAccess } from '../../../src/server/module-api.js';
import { ContentLinks, LINK_KEY_ID } from './content-links.js';
import { makeDemoFiles } from './demo-files.js';
import { archiveRoutes, withLink } from './routes.js';
import { FileVersions } from './versions.js';

const archive: ModulePlugin = async (app) => {
  const files = app.collections.get('archive-file');
  if (!files) throw new Error('modules/archives: the collection archive-file is missing');
  const { db, config, resumableUploads } = app.services;
  const versions = new FileVersions(db, resumableUploads, config.now);
  const links = new ContentLinks(await ensureSecret(db, LINK_KEY_ID), config.now);

  files.extendReads(async (rows) => {
    const current = await versions.current(rows.map((row) => String(row.id)));
    for (const row of rows) {
      const version = current.get(String(row.id));
      const shown = version && withLink(version, links);
      row.currentVersion = shown?.version ?? 0;
      row.fileName = shown?.fileName ?? '';
      row.fileTypeLabel = shown?.fileTypeLabel ?? '';
      row.fileSize = shown?.fileSize ?? 0;
      row.sha256 = shown?.sha256 ?? '';
      row.fileLink = shown?.link ?? '';
    }
  });

  // A deleted file's versions go with it: their rows in the deletion's transaction, their bytes once the record is
  // seen gone, that is once the transaction has committed (one that rolled back keeps the record, and the bytes).
  files.onWrite(async (write) => {
    if (write.kind !== 'remove') return;
    const uploads = await versions.removeAll(write.db, write.id);
    void forgetWhenGone(write.id, uploads);
  });
  const forgetWhenGone = async (id: string, uploads: string[]) => {
    for (const wait of [20, 200, 1000, 5000]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const gone = await files.get(id).then(
        () => false,
        () => true,
      );
      if (gone) return versions.forget(uploads);
    }
  };

  await archiveRoutes(app, { files, versions, links, access: recordAccess(app) });
  // The demo's PDFs are a convenience: a store that refuses them (an S3 service without the multipart calls tus
  // needs) leaves the demo files without versions, and the portal starts all the same.
  if (config.demo)
    await makeDemoFiles(db, files, resumableUploads, versions).catch((error: unknown) =>
      app.log.warn({ err: error }, 'archives: the demo PDFs could not be stored'),
    );
};

export default archive;
