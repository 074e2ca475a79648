import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF, page after page, its pieces joined by spaces (pdf.js, Mozilla's reader): what a
 * person reading the document sees, to check a receipt says what it must.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  // verbosity 0: pdf.js would warn on the console that it has no standard font files to draw with;
  // reading text needs none.
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n').replace(/\s+/g, ' ');
  } finally {
    await doc.destroy();
  }
}
