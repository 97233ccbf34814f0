/**
 * The electronic files of archive files (table archive_file_version, migrations.ts): receiving a finished resumable
 * upload as the next version (its type read from its content, its SHA-256 taken as it is read), the versions of a
 * file, the current version of many files at once (for the list), and the bytes of one.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import {
  DomainError,
  displayNameFor,
  fileTypeOf,
  invalidField,
  type Db,
  type FileExtension,
  type ResumableUploads,
} from '../../../src/server/module-api.js';

export const VersionMessages = {
  uploadMissing: '文件尚未上传完成，请重新上传',
  notArchivable: '只能归档PDF、Word、Excel、PPT、DWG 图纸或图片',
  notFound: '文件版本不存在',
} as const;

export interface FileVersion {
  id: string;
  fileId: string;
  projectId: string;
  version: number;
  fileName: string;
  fileType: FileExtension;
  fileSize: number;
  sha256: string;
  note: string;
  uploadedBy: string;
  uploadedByName: string;
  uploadedAt: string;
}

interface VersionRow {
  id: string;
  file_id: string;
  project_id: string;
  version: number;
  upload_id: string;
  file_name: string;
  file_type: string;
  file_size: string | number;
  sha256: string;
  note: string | null;
  uploaded_by: string;
  uploaded_by_name: string | null;
  uploaded_at: Date | string;
}

const shown = (row: VersionRow): FileVersion => ({
  id: row.id,
  fileId: row.file_id,
  projectId: row.project_id,
  version: row.version,
  fileName: row.file_name,
  fileType: row.file_type as FileExtension,
  fileSize: Number(row.file_size),
  sha256: row.sha256,
  note: row.note ?? '',
  uploadedBy: row.uploaded_by,
  uploadedByName: row.uploaded_by_name ?? '',
  uploadedAt: new Date(row.uploaded_at).toISOString(),
});

export class FileVersions {
  constructor(
    private readonly db: Db,
    private readonly uploads: ResumableUploads,
    private readonly now: () => Date,
  ) {}

  private select() {
    return sql<VersionRow>`select v.*, u.name as uploaded_by_name from archive_file_version v
      left join sys_user u on u.id = v.uploaded_by`;
  }

  /**
   * Receives the finished upload `uploadId` of `userId` as the next version of file `fileId`. Reading the bytes
   * (type, checksum) happens before the row is written, outside any transaction: a large file holds nothing.
   */
  async receive(
    file: { id: string; projectId: string },
    uploadId: string,
    userId: string,
    note: string,
  ): Promise<FileVersion> {
    const upload = await this.uploads.finished(uploadId, userId);
    if (!upload) throw invalidField('upload', VersionMessages.uploadMissing);
    const type = fileTypeOf(await this.uploads.head(uploadId));
    if (!type) {
      await this.uploads.remove(uploadId);
      throw invalidField('upload', VersionMessages.notArchivable);
    }
    const sha256 = await this.uploads.sha256(uploadId);
    return this.record(file, uploadId, displayNameFor(upload.fileName, type), type, upload.size, sha256, userId, note);
  }

  /** Writes the version row of bytes already stored and checked (receive, and the demo files). */
  async record(
    file: { id: string; projectId: string },
    uploadId: string,
    fileName: string,
    fileType: FileExtension,
    fileSize: number,
    sha256: string,
    userId: string,
    note: string,
  ): Promise<FileVersion> {
    const id = randomUUID();
    // The next number is taken in the insert itself; two uploads at once collide on the unique number and the
    // second is told to try again rather than both becoming version 2.
    try {
      await sql`insert into archive_file_version
        (id, file_id, project_id, version, upload_id, file_name, file_type, file_size, sha256, note, uploaded_by, uploaded_at)
        select ${id}, ${file.id}, ${file.projectId}, coalesce(max(version), 0) + 1, ${uploadId}, ${fileName},
          ${fileType}, ${fileSize}, ${sha256}, ${note || null}, ${userId}, ${this.now()}
        from archive_file_version where file_id = ${file.id}`.execute(this.db);
    } catch (error) {
      await this.uploads.remove(uploadId);
      throw new DomainError('conflict', '另一版本正在同时上传，请稍后重试', { cause: error });
    }
    return (await this.byId(id))!;
  }

  async byId(id: string): Promise<(FileVersion & { uploadId: string }) | undefined> {
    const { rows } = await sql<VersionRow>`${this.select()} where v.id = ${id}`.execute(this.db);
    return rows[0] && { ...shown(rows[0]), uploadId: rows[0].upload_id };
  }

  /** The versions of a file, newest first. */
  async of(fileId: string): Promise<FileVersion[]> {
    const { rows } = await sql<VersionRow>`${this.select()} where v.file_id = ${fileId}
      order by v.version desc`.execute(this.db);
    return rows.map(shown);
  }

  /** The current (newest) version of each of `fileIds` that has one. */
  async current(fileIds: readonly string[]): Promise<Map<string, FileVersion>> {
    if (fileIds.length === 0) return new Map();
    const { rows } = await sql<VersionRow>`select distinct on (v.file_id) v.*, u.name as uploaded_by_name
      from archive_file_version v left join sys_user u on u.id = v.uploaded_by
      where v.file_id in (${sql.join(fileIds)}) order by v.file_id, v.version desc`.execute(this.db);
    return new Map(rows.map((row) => [row.file_id, shown(row)]));
  }

  /** The bytes of a version. */
  async read(versionId: string): Promise<{ version: FileVersion; bytes: Readable } | undefined> {
    const version = await this.byId(versionId);
    if (!version) return undefined;
    return { version, bytes: await this.uploads.read(version.uploadId) };
  }

  /** Deletes the versions of a file and their bytes (the file was deleted); inside the deletion's transaction. */
  async removeAll(db: Db, fileId: string): Promise<string[]> {
    const { rows } = await sql<{ upload_id: string }>`delete from archive_file_version where file_id = ${fileId}
      returning upload_id`.execute(db);
    return rows.map((row) => row.upload_id);
  }

  /** Deletes stored bytes (after the rows that named them are gone). */
  async forget(uploadIds: readonly string[]): Promise<void> {
    await Promise.all(uploadIds.map((id) => this.uploads.remove(id)));
  }
}
