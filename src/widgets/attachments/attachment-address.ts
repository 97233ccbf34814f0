/** What a list of attachments shows of one address: its name, its kind, how to preview and download it. */
import { FILE_TYPES, parseUploadUrl, type FileExtension, type FilePreview } from '../../shared/file-types';

export interface AttachmentView {
  url: string;
  /** The uploader's file name (or, for an address of another kind, its last segment). */
  name: string;
  /** PDF, Word, Excel, PPT, DWG 图纸, 图片, or 文件 for an address the portal did not make. */
  label: string;
  preview: FilePreview;
  /** The address that saves the file instead of showing it. */
  downloadUrl: string;
}

export function attachmentView(url: string): AttachmentView {
  const address = parseUploadUrl(url);
  if (!address) {
    // Another service's address of the portal (an archive file's signed link) names its file in ?name=.
    const [path = '', query = ''] = url.split('?', 2);
    const named = url.startsWith('/api/') ? new URLSearchParams(query).get('name') : null;
    let name = named ?? (path.split('/').pop() || url);
    try {
      if (!named) name = decodeURIComponent(name);
    } catch {
      // a malformed escape: show it as it is
    }
    const extension = /\.([a-z0-9]{2,5})$/i.exec(name)?.[1]?.toLowerCase().replace('jpeg', 'jpg') ?? '';
    const type = named && Object.hasOwn(FILE_TYPES, extension) ? FILE_TYPES[extension as FileExtension] : undefined;
    return {
      url,
      name,
      label: type?.label ?? '文件',
      preview: type?.preview ?? 'none',
      downloadUrl: named ? `${url}&download=1` : url,
    };
  }
  const type = FILE_TYPES[address.extension];
  const downloadUrl = `${url}${url.includes('?') ? '&' : '?'}download=1`;
  return { url, name: address.displayName, label: type.label, preview: type.preview, downloadUrl };
}

/** The addresses a stored value holds (one or a list), without blanks. */
export function attachmentUrls(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  );
}
