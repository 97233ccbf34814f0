/**
 * The files the portal keeps (src/server/portal/uploads.ts) and how their addresses look, shared by the server that
 * stores and serves them and the widgets that upload and show them. A file's type is what its content is: the
 * server recognises it by its first bytes (src/server/portal/file-signature.ts) and names the stored file with that
 * type's extension, so the extension of a stored name can be trusted where the uploader's file name cannot.
 */

export type FilePreview = 'image' | 'pdf' | 'none';

export interface FileType {
  contentType: string;
  /** What the user is told the file is (附件 lists, refusals). */
  label: string;
  /** What the browser can show in the page: an image, a PDF (pdf.js), or nothing (download only). */
  preview: FilePreview;
}

export const FILE_TYPES = {
  png: { contentType: 'image/png', label: '图片', preview: 'image' },
  jpg: { contentType: 'image/jpeg', label: '图片', preview: 'image' },
  gif: { contentType: 'image/gif', label: '图片', preview: 'image' },
  webp: { contentType: 'image/webp', label: '图片', preview: 'image' },
  pdf: { contentType: 'application/pdf', label: 'PDF', preview: 'pdf' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word',
    preview: 'none',
  },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel',
    preview: 'none',
  },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PPT',
    preview: 'none',
  },
  doc: { contentType: 'application/msword', label: 'Word', preview: 'none' },
  xls: { contentType: 'application/vnd.ms-excel', label: 'Excel', preview: 'none' },
  ppt: { contentType: 'application/vnd.ms-powerpoint', label: 'PPT', preview: 'none' },
  // IANA's registration for AutoCAD drawings.
  dwg: { contentType: 'image/vnd.dwg', label: 'DWG 图纸', preview: 'none' },
} as const satisfies Record<string, FileType>;

export type FileExtension = keyof typeof FILE_TYPES;

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'gif', 'webp'] as const satisfies readonly FileExtension[];
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

export const FILE_EXTENSIONS = Object.keys(FILE_TYPES) as FileExtension[];

export function isImageExtension(extension: FileExtension): extension is ImageExtension {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

/** What an attachment field accepts, in the refusals' words. */
export const ATTACHMENT_TYPES_TEXT = 'PDF、Word、Excel、PPT、DWG 图纸或图片';

/** `accept` of a file input for attachments: extensions, since browsers know no type for DWG. */
export const ATTACHMENT_ACCEPT = [...FILE_EXTENSIONS.map((extension) => `.${extension}`), '.jpeg'].join(',');

export const FILE_URL_PREFIX = '/api/zhgd/base/file/';

/** A stored file's key: 128 random bits and the extension of its content's type. */
export const UPLOAD_NAME = new RegExp(`^[0-9a-f]{32}\\.(${FILE_EXTENSIONS.join('|')})$`);
/** An address `uploadUrl` makes, as a JSON Schema pattern (request schemas check attachments with it). */
export const UPLOAD_URL_PATTERN = `^${FILE_URL_PREFIX}[0-9a-f]{32}\\.(${FILE_EXTENSIONS.join('|')})(\\?name=[^&#]*)?$`;
const UPLOAD_NAMES = new RegExp(`[0-9a-f]{32}\\.(?:${FILE_EXTENSIONS.join('|')})(?![A-Za-z0-9])`, 'g');

/** The longest file name an address carries; longer ones keep their start and their extension. */
export const DISPLAY_NAME_MAX = 80;

export interface UploadAddress {
  /** The stored file's key (`<hex>.<ext>`). */
  key: string;
  extension: FileExtension;
  /** The uploader's file name, or the key when the address carries none (images of the older uploads). */
  displayName: string;
}

/**
 * The address of a stored file: `/api/zhgd/base/file/<key>`, with `?name=<the uploader's file name>` for
 * attachments, so that lists show and downloads save the name people gave their file.
 */
export function uploadUrl(key: string, displayName?: string): string {
  return displayName ? `${FILE_URL_PREFIX}${key}?name=${encodeURIComponent(displayName)}` : `${FILE_URL_PREFIX}${key}`;
}

/** The parts of an address `uploadUrl` made, or undefined for anything else. */
export function parseUploadUrl(url: string): UploadAddress | undefined {
  if (!url.startsWith(FILE_URL_PREFIX)) return undefined;
  const [key = '', query = ''] = url.slice(FILE_URL_PREFIX.length).split('?', 2);
  const match = UPLOAD_NAME.exec(key);
  if (!match) return undefined;
  let displayName = key;
  const name = new URLSearchParams(query).get('name');
  if (name) displayName = name;
  return { key, extension: match[1] as FileExtension, displayName };
}

/** The upload keys a stored value mentions (an address, a list of them, objects holding them). */
export function uploadNamesIn(value: unknown): string[] {
  return [...new Set(JSON.stringify(value ?? null).match(UPLOAD_NAMES) ?? [])];
}

/**
 * The name a stored file is shown and saved under: the uploader's name without path, control characters or
 * characters file systems refuse, at most DISPLAY_NAME_MAX characters, ending in the extension of what the file
 * really is (a PDF named 方案.doc is kept as 方案.pdf).
 */
export function displayNameFor(uploaded: string | undefined, extension: FileExtension): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim();
  const stem = clean.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, DISPLAY_NAME_MAX - extension.length - 1) || '附件';
  const sameType = extension === 'jpg' ? /\.jpe?g$/i : new RegExp(`\\.${extension}$`, 'i');
  return sameType.test(clean) && clean.length <= DISPLAY_NAME_MAX ? clean : `${stem}.${extension}`;
}
