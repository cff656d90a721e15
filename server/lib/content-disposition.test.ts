import contentDispositionParser from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './file-type';

describe('contentDisposition', () => {
  it("encodes ' in the UTF-8 name (RFC 5987 attr-char) and gives an ASCII fallback", () => {
    const header = contentDisposition('attachment', "O'Neill – factuur.pdf");
    expect(header).toBe(
      `attachment; filename="O'Neill _ factuur.pdf"; filename*=UTF-8''O%27Neill%20%E2%80%93%20factuur.pdf`,
    );
    expect(contentDispositionParser.parse(header)).toEqual({
      type: 'attachment',
      parameters: { filename: "O'Neill – factuur.pdf" },
    });
  });

  it('keeps an ASCII name as one quoted file name, quotes escaped', () => {
    expect(contentDisposition('inline', "foto's.png")).toBe(`inline; filename="foto's.png"`);
    const quoted = contentDisposition('attachment', 'a"b\\c/d.pdf');
    expect(contentDispositionParser.parse(quoted).parameters.filename).toBe('a"b_c_d.pdf');
  });
});
