import PDFDocument from 'pdfkit';
import { feeName } from '../../../shared/payments.js';
import { ticketNumberLabel } from '../../../shared/tickets.js';
import type { ReceiptRow } from '../../db/schema/index.js';
import { isTestPayment } from '../payments/providers/test-provider.js';
import { type IndianScript, rightToLeft, scriptFont, scriptOf, SHAPINGS, shapingOf } from './fonts.js';
import { indiaDateTime } from './numbering.js';

/**
 * The characters PDF's standard fonts (WinAnsi) can draw beyond ASCII and Latin-1. Indian scripts are
 * drawn with fonts of their own (fonts.ts); anything else would come out as wrong glyphs, so it is
 * printed as '?' (the stored receipt keeps the real text).
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) =>
  Array.from(text.normalize('NFC'), (c) => {
    const code = c.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c)) return c;
    return code === 0x0a ? c : '?';
  }).join('');

// Joiners and the dotted circle belong to the word they are in, whatever font draws it.
const JOINERS = new Set(['\u200c', '\u200d', '\u25cc']);

type Run = { text: string; script: IndianScript | null };

/** The text as runs, each drawn in one font: an Indian script's, or the standard one (script null). */
function runs(text: string): Run[] {
  const out: Run[] = [];
  for (const char of text.normalize('NFC')) {
    const last = out.at(-1);
    const script = JOINERS.has(char) && last ? last.script : scriptOf(char);
    if (last && last.script === script) last.text += char;
    else out.push({ text: char, script });
  }
  // Spaces between two words of a right-to-left script join their run: drawn apart, its words would
  // come out left to right ("Imran Khan" in Urdu as "Khan Imran").
  return out.reduce<Run[]>((merged, run, i) => {
    const before = merged.at(-1);
    const after = out[i + 1];
    if (
      before &&
      rightToLeft(before.script) &&
      (run.script === before.script || (/^ +$/.test(run.text) && after?.script === before.script))
    ) {
      before.text += run.text;
    } else merged.push({ ...run });
    return merged;
  }, []);
}

/** Helvetica's ascender (its AFM: 718 of 1,000 units): where pdfkit puts the baseline of its text. */
const STANDARD_ASCENDER = 0.718;

/**
 * Text a person or the business typed, in whichever scripts it holds, at `size` at the current place,
 * after `label` in bold if given. A script's font is drawn on Helvetica's baseline: pdfkit puts each
 * font's baseline at its own ascender, and Noto Sans Arabic's (1.374 em) would sink it half a line.
 */
function typed(
  doc: PDFKit.PDFDocument,
  text: string,
  { bold, size, label }: { bold: boolean; size: number; label?: string },
  options: PDFKit.Mixins.TextOptions = {},
) {
  const parts = runs(text);
  const shapings = parts.map((part) => (part.script ? shapingOf(part.script, bold, part.text) : 0));
  // pdfkit measures every part of continued text with the first part's features: one set for all,
  // the fewest any part needs (fonts.ts); none given, pdfkit shapes word by word with the font's own.
  const fewest = Math.max(0, ...shapings);
  const features = fewest > 0 ? ({ ...SHAPINGS[fewest] } as unknown as PDFKit.Mixins.OpenTypeFeatures[]) : undefined;
  doc.fontSize(size);
  if (label) doc.font('Helvetica-Bold').text(label, { ...options, features, continued: true });
  parts.forEach((part, i) => {
    const continued = i < parts.length - 1;
    if (!part.script || shapings[i] === -1) {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(printable(part.text), { ...options, features, continued });
      return;
    }
    doc.font(scriptFont(part.script, bold));
    doc.text(part.text, { ...options, baseline: -STANDARD_ASCENDER * size, features, continued });
  });
}

/** 9900 paise in INR: "INR 99.00" (the standard fonts have no ₹). */
export const amountText = (amount: number, currency: string) =>
  `${currency} ${(amount / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The receipt's PDF, drawn from the stored receipt alone (A4; pdfkit's standard fonts, and fonts.ts's). */
export function receiptPdf(r: ReceiptRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Receipt ${r.number}`, Author: printable(r.businessName), Subject: 'Payment receipt' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  const left = 56;

  typed(doc, r.businessName, { bold: true, size: 20 }, { width });
  doc.font('Helvetica').fontSize(10).fillColor('#444444');
  if (r.businessAddress) typed(doc, r.businessAddress, { bold: false, size: 10 }, { width });
  if (r.gstin) doc.text(`GSTIN: ${r.gstin}`, { width });
  doc.moveDown(1.5).fillColor('#000000');

  doc.font('Helvetica-Bold').fontSize(16).text('Payment receipt');
  if (isTestPayment(r.paymentId)) {
    // Test mode's checkout moves no money: its receipt must never pass for a real one.
    doc
      .fontSize(11)
      .fillColor('#b91c1c')
      .text('TEST MODE: no money was received. This is not a receipt for a real payment.', { width })
      .fillColor('#000000');
  }
  doc.moveDown(0.5);
  const field = (label: string, value: string) =>
    typed(doc, value, { bold: false, size: 10, label: `${label}: ` }, { width });
  field('Receipt number', r.number);
  field('Date', indiaDateTime(r.paidAt));
  doc.moveDown();
  field('Received from', r.customerName);
  field('Email', r.customerEmail);
  doc.moveDown();
  field('Ticket', ticketNumberLabel(r.ticketNumber));
  field('Service', r.service);
  doc.moveDown(1.5);

  // The one line: what was paid for and how much.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).text('Description', left, top).text('Amount', left, top, {
    width,
    align: 'right',
  });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .stroke();
  doc.moveDown(0.8);
  const line = doc.y;
  const amount = amountText(r.amount, r.currency);
  doc
    .font('Helvetica')
    .text(`${feeName(r.kind)}, ticket ${ticketNumberLabel(r.ticketNumber)}`, left, line, { width: width - 120 })
    .text(amount, left, line, { width, align: 'right' });
  doc.moveDown(0.8);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.moveDown(0.5);
  const total = doc.y;
  doc.font('Helvetica-Bold').text('Total paid', left, total).text(amount, left, total, { width, align: 'right' });
  doc.moveDown(1.5);

  doc.font('Helvetica').fontSize(10);
  field('Payment id', r.paymentId);
  doc.moveDown(2);
  doc
    .fontSize(9)
    .fillColor('#444444')
    .text('Paid online. This receipt was generated by computer and needs no signature.', left, doc.y, { width });
  doc.end();
  return done;
}
