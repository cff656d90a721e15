/** Callbacks of the streaming XML reader; element names come without their namespace prefix. */
interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

export class XmlFormatError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Longer tags than this are not spreadsheet XML (and would make the reader rescan them). */
const MAX_MARKUP = 64 * 1024;

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * A small push parser for the XML inside spreadsheet files: elements, attributes, text, CDATA and
 * the five predefined entities. Chunks may split anything anywhere. Document type declarations are
 * refused, so no entity can expand into more text than the file holds.
 */
export class XmlStream {
  private pending = '';

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    const s = this.pending + chunk;
    let pos = 0;
    while (pos < s.length) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) break;
      if (lt > pos) this.handler.text(decodeEntities(s.slice(pos, lt)));
      pos = lt;
      const end = this.markupEnd(s, lt);
      if (end < 0) break;
      this.markup(s.slice(lt, end + 1));
      pos = end + 1;
    }
    let rest = s.slice(pos);
    if (rest.startsWith('<')) {
      if (rest.length > MAX_MARKUP) throw new XmlFormatError('markup too long');
    } else {
      // Text is passed on at once (a huge text is never rescanned); only a cut-off entity waits.
      const amp = rest.lastIndexOf('&');
      const cut = amp >= 0 && !rest.includes(';', amp) && rest.length - amp < 12 ? amp : rest.length;
      if (cut > 0) this.handler.text(decodeEntities(rest.slice(0, cut)));
      rest = rest.slice(cut);
    }
    this.pending = rest;
  }

  end(): void {
    if (this.pending.includes('<')) throw new XmlFormatError('unfinished markup');
    if (this.pending) this.handler.text(decodeEntities(this.pending));
    this.pending = '';
  }

  /** Index of the '>' that ends the markup starting at `lt`, or -1 when it is not complete yet. */
  private markupEnd(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) return this.after(s, '-->', lt);
    if (s.startsWith('<![CDATA[', lt)) return this.after(s, ']]>', lt);
    if (s.startsWith('<?', lt)) return this.after(s, '?>', lt);
    if (s.startsWith('<!', lt) && s.length - lt >= 9) throw new XmlFormatError('document type declarations are not accepted');
    let quote = '';
    for (let i = lt + 1; i < s.length; i++) {
      const ch = s[i];
      if (quote) { if (ch === quote) quote = ''; } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '>') return i;
    }
    return -1;
  }

  private after(s: string, terminator: string, from: number): number {
    const at = s.indexOf(terminator, from);
    return at < 0 ? -1 : at + terminator.length - 1;
  }

  private markup(m: string): void {
    if (m.startsWith('<![CDATA[')) return this.handler.text(m.slice(9, -3));
    if (m.startsWith('<!--') || m.startsWith('<?')) return;
    if (m[1] === '/') return this.handler.close(localName(m.slice(2, -1).trim()));
    const selfClosing = m.endsWith('/>');
    const body = m.slice(1, selfClosing ? -2 : -1);
    const nameEnd = body.search(/[\s]|$/);
    const name = localName(body.slice(0, nameEnd));
    if (!name) throw new XmlFormatError('element without a name');
    const attributes: Record<string, string> = {};
    for (const a of body.slice(nameEnd).matchAll(ATTRIBUTE)) attributes[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '');
    this.handler.open(name, attributes);
    if (selfClosing) this.handler.close(name);
  }
}
