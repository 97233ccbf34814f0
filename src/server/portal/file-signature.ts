/**
 * What a file is, by its content: the first bytes of each format (and, for the container formats, what the
 * container holds), never the name or the content type the client sent. Office files are containers: the 2007+
 * formats are ZIP archives whose part names say which application wrote them (word/, xl/, ppt/), the 97-2003
 * formats are OLE compound files whose stream names (UTF-16) say it (WordDocument, Workbook, PowerPoint Document).
 * A DWG starts with its AutoCAD version (AC1012 for R13 up to AC1032 for 2018+).
 */
import type { FileExtension, ImageExtension } from '../../shared/file-types.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const startsWith = (bytes: Buffer, signature: Buffer) =>
  bytes.length >= signature.length && bytes.subarray(0, signature.length).equals(signature);
const has = (bytes: Buffer, text: string, encoding: BufferEncoding = 'latin1') =>
  bytes.includes(Buffer.from(text, encoding));

/** The image type of `bytes` by its signature, or undefined. SVG is none: it can carry script. */
export function imageTypeOf(bytes: Buffer): ImageExtension | undefined {
  if (startsWith(bytes, PNG)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

function officeOpenXmlTypeOf(bytes: Buffer): FileExtension | undefined {
  if (!has(bytes, '[Content_Types].xml')) return undefined;
  if (has(bytes, 'word/document.xml')) return 'docx';
  if (has(bytes, 'xl/workbook.xml')) return 'xlsx';
  if (has(bytes, 'ppt/presentation.xml')) return 'pptx';
  return undefined;
}

function compoundFileTypeOf(bytes: Buffer): FileExtension | undefined {
  if (has(bytes, 'WordDocument', 'utf16le')) return 'doc';
  if (has(bytes, 'Workbook', 'utf16le') || has(bytes, 'Book', 'utf16le')) return 'xls';
  if (has(bytes, 'PowerPoint Document', 'utf16le')) return 'ppt';
  return undefined;
}

/** The attachment type of `bytes` (an image, PDF, Office document or DWG drawing), or undefined. */
export function fileTypeOf(bytes: Buffer): FileExtension | undefined {
  const image = imageTypeOf(bytes);
  if (image) return image;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(bytes, ZIP)) return officeOpenXmlTypeOf(bytes);
  if (startsWith(bytes, OLE)) return compoundFileTypeOf(bytes);
  if (/^AC10(1[2-9]|2\d|3[0-2])$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'dwg';
  return undefined;
}
