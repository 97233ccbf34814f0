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
