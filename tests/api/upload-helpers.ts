/** Uploads in API tests: a real (1x1) PNG and a multipart/form-data body built by hand, as a browser sends it. */

/** A valid 1x1 PNG. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e3a0d40000000049454e44ae426082',
    'hex',
  ),
]);

/** A multipart/form-data payload and its content type, for `app.inject`. */
export function multipart(parts: { name: string; filename?: string; type?: string; body: Buffer | string }[]) {
  const boundary = '----portal-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A small but valid one-page PDF (A4, "Hello" in Helvetica), with its cross-reference table computed, so that
 * pdf.js draws it in the browser tests.
 */
export function pdf(text = 'Hello'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 36 Tf 72 720 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 36 Tf 72 720 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** An Office Open XML package holding `parts` (what Word, Excel and PowerPoint write, reduced to its names). */
export async function officePackage(parts: string[]): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  for (const part of parts) zip.file(part, '<?xml version="1.0"?><root/>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The start of an OLE compound file (Office 97-2003) whose directory names `stream`. */
export function compoundFile(stream: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const entry = Buffer.alloc(128);
  Buffer.from(stream, 'utf16le').copy(entry);
  return Buffer.concat([header, Buffer.alloc(512), entry]);
}

/** The start of an AutoCAD 2018 drawing. */
export const DWG = Buffer.concat([Buffer.from('AC1032', 'latin1'), Buffer.alloc(128, 1)]);
