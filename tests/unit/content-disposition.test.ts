/** The one Content-Disposition every download answers with (RFC 6266 with RFC 5987's encoded name). */
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/server/http/route-helpers';

describe('contentDisposition', () => {
  it('percent-encodes the UTF-8 name, the characters a header parameter may not carry included', () => {
    expect(contentDisposition("施工日志(1)'*!.pdf")).toBe(
      "attachment; filename*=UTF-8''%E6%96%BD%E5%B7%A5%E6%97%A5%E5%BF%97%281%29%27%2A%21.pdf",
    );
  });

  it('opens inline on request', () => {
    expect(contentDisposition('图纸.pdf', { inline: true })).toBe("inline; filename*=UTF-8''%E5%9B%BE%E7%BA%B8.pdf");
  });

  it('gives old clients a printable ASCII name, quotes and backslashes replaced', () => {
    expect(contentDisposition('用户列表.xlsx', { asciiName: 'users "all"\\.xlsx' })).toBe(
      'attachment; filename="users _all__.xlsx"; filename*=UTF-8\'\'%E7%94%A8%E6%88%B7%E5%88%97%E8%A1%A8.xlsx',
    );
  });
});
