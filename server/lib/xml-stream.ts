import { SaxesParser } from 'saxes';

/** Callbacks of the streaming XML reader; element names come without their namespace prefix. */
interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

export class XmlFormatError extends Error {}
/** More characters arrived without one event than the reader allows (see `maxPendingChars`). */
export class XmlNodeTooLongError extends Error {}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/**
 * A push parser for the XML inside spreadsheet files, on saxes (a conforming, streaming parser):
 * chunks may split anything anywhere, and XML that is not well-formed is an XmlFormatError. Document
 * type declarations are refused, so no entity can expand into more text than the file holds.
 * Attribute names keep their prefix (`r:id`); element names lose it.
 *
 * saxes holds a text node, tag or attribute until it ends; `maxPendingChars` bounds what it may hold,
 * so one endless text node is refused (XmlNodeTooLongError) within a chunk of that bound instead of
 * filling memory up to the unpack budget.
 */
export class XmlStream {
  private readonly parser = new SaxesParser({ xmlns: false });
  /** Characters written since the last event, give or take the rest of the chunk that held it. */
  private pending = 0;

  constructor(
    handler: XmlHandler,
    private readonly maxPendingChars = 1024 * 1024,
  ) {
    const p = this.parser;
    const seen = () => {
      this.pending = 0;
    };
    p.on('error', (err) => {
      throw new XmlFormatError(err.message);
    });
    p.on('doctype', () => {
      throw new XmlFormatError('document type declarations are not accepted');
    });
    p.on('opentag', (tag) => {
      seen();
      handler.open(localName(tag.name), tag.attributes as Record<string, string>);
    });
    p.on('closetag', (tag) => {
      seen();
      handler.close(localName(tag.name));
    }); // also after a self-closing tag
    p.on('text', (text) => {
      seen();
      handler.text(text);
    });
    p.on('cdata', (text) => {
      seen();
      handler.text(text);
    });
  }

  write(chunk: string): void {
    this.pending += chunk.length;
    this.parser.write(chunk);
    if (this.pending > this.maxPendingChars)
      throw new XmlNodeTooLongError(`more than ${this.maxPendingChars} characters without an element boundary`);
  }

  end(): void {
    this.parser.close();
  }
}
