import { SaxesParser } from 'saxes';

/** Callbacks of the streaming XML reader; element names come without their namespace prefix. */
interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

export class XmlFormatError extends Error {}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/**
 * A push parser for the XML inside spreadsheet files, on saxes (a conforming, streaming parser):
 * chunks may split anything anywhere, and XML that is not well-formed is an XmlFormatError. Document
 * type declarations are refused, so no entity can expand into more text than the file holds.
 * Attribute names keep their prefix (`r:id`); element names lose it.
 */
export class XmlStream {
  private readonly parser = new SaxesParser({ xmlns: false });

  constructor(handler: XmlHandler) {
    const p = this.parser;
    p.on('error', (err) => { throw new XmlFormatError(err.message); });
    p.on('doctype', () => { throw new XmlFormatError('document type declarations are not accepted'); });
    p.on('opentag', (tag) => handler.open(localName(tag.name), tag.attributes as Record<string, string>));
    p.on('closetag', (tag) => handler.close(localName(tag.name))); // also after a self-closing tag
    p.on('text', (text) => handler.text(text));
    p.on('cdata', (text) => handler.text(text));
  }

  write(chunk: string): void {
    this.parser.write(chunk);
  }

  end(): void {
    this.parser.close();
  }
}
