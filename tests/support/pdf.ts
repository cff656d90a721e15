import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const open = (data: Uint8Array) => getDocument({ data: new Uint8Array(data), useSystemFonts: true }).promise;

/** The text of each page of a PDF, its pieces joined by a space. */
export async function pdfPages(data: Uint8Array): Promise<string[]> {
  const doc = await open(data);
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return pages;
}

/** The text of every page of a PDF, pages joined by a line break (API and browser tests read PDFs this way). */
export async function pdfText(data: Uint8Array): Promise<string> {
  return (await pdfPages(data)).join('\n');
}

/** The pixel sizes of the image XObjects a page of a PDF paints (pages count from 1). */
export async function pdfPageImages(data: Uint8Array, page: number): Promise<{ width: number; height: number }[]> {
  const ops = await (await (await open(data)).getPage(page)).getOperatorList();
  return ops.fnArray.flatMap((fn, i) => {
    if (fn !== OPS.paintImageXObject) return [];
    const [, width, height] = ops.argsArray[i] as [string, number, number];
    return [{ width, height }];
  });
}
