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

/** The first page's pieces of text, each with where its baseline starts (PDF units, from the bottom). */
export async function pdfTextItems(pdf: Buffer | Uint8Array): Promise<Array<{ str: string; x: number; y: number }>> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const content = await (await doc.getPage(1)).getTextContent();
    return content.items.flatMap((item) =>
      'str' in item ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number }] : [],
    );
  } finally {
    await doc.destroy();
  }
}
