/**
 * Real PDF files for the demo archive, made by the server (nothing can be downloaded on a customer's intranet):
 * A4 pages with the file's number and a few lines in Helvetica, one of the PDF standard fonts every reader has, so
 * no font is embedded. The cross-reference table is computed, so readers (pdf.js among them) open them as they are.
 */

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

export function demoPdf(lines: readonly string[], pages: number): Buffer {
  const pageIds = Array.from({ length: pages }, (_, i) => 3 + i * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
  ];
  const fontId = 3 + pages * 2;
  for (let page = 0; page < pages; page++) {
    const body = [
      'BT /F1 20 Tf 72 760 Td',
      ...lines.map((line, i) => `${i === 0 ? '' : '0 -28 Td '}(${escape(line)}) Tj`),
      `0 -56 Td /F1 12 Tf (Page ${page + 1} / ${pages}) Tj ET`,
      '72 720 m 523 720 l S',
    ].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${pageIds[page]! + 1} 0 R ` +
        `/Resources << /Font << /F1 ${fontId} 0 R >> >> >>`,
      `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
    );
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}
