/**
 * A file field (`files` of a collection file) holds addresses the portal serves itself: files uploaded to it
 * (/api/zhgd/base/file/…) or, for demo data, pictures of the app (/app/…). Anything else (another site's address,
 * a `javascript:` link) is refused, since lists and pages turn these values into links and images.
 */
import type { CollectionFile } from '../../shared/collections.js';
import { parseUploadUrl } from '../../shared/file-types.js';
import { invalidField } from '../domain-error.js';
import type { RecordValues } from './record-types.js';

const APP_ASSET = /^\/app\/(?!.*\.\.)[A-Za-z0-9/._-]+$/;

const servedHere = (value: unknown) =>
  typeof value === 'string' && (parseUploadUrl(value) !== undefined || APP_ASSET.test(value));

/** Throws -400 `<title>只能是本系统上传的文件` for the first file field of `values` holding another address. */
export function checkFileValues(file: CollectionFile, values: RecordValues): void {
  for (const field of Object.keys(file.files ?? {})) {
    const value = values[field];
    if (value === undefined || value === null || value === '') continue;
    if ((Array.isArray(value) ? value : [value]).every(servedHere)) continue;
    const title = file.schema.properties[field]?.title ?? field;
    throw invalidField(field, `${title}只能是本系统上传的文件`);
  }
}
