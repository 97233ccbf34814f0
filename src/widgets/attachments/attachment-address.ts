/** What a list of attachments shows of one address: its name, its kind, how to preview and download it. */
import { FILE_TYPES, parseUploadUrl, type FilePreview } from '../../shared/file-types';

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
  const downloadUrl = address ? `${url}${url.includes('?') ? '&' : '?'}download=1` : url;
  if (!address) {
    const last = url.split('?')[0]!.split('/').pop() || url;
    let name = last;
    try {
      name = decodeURIComponent(last);
    } catch {
      // a malformed escape: show it as it is
    }
    return { url, name, label: '文件', preview: 'none', downloadUrl };
  }
  const type = FILE_TYPES[address.extension];
  return { url, name: address.displayName, label: type.label, preview: type.preview, downloadUrl };
}

/** The addresses a stored value holds (one or a list), without blanks. */
export function attachmentUrls(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  );
}
