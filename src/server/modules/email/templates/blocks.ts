/**
 * The emails' one component kit. A template is data (a subject, a heading and typed blocks), and this
 * file renders it twice, as the HTML part and the plain-text part, so the two always say the same.
 * Every value reaches the HTML through `escapeHtml`: a name, a ticket description or a remark someone
 * typed is text, never markup. No React on the server for this (react is bundled for the browser and
 * is a devDependency): these few shapes are all the emails need.
 */

/** Text in a paragraph: plain, bold, or a link. */
export type Inline = string | { strong: string } | { link: string; label: string };

export type Block =
  | { type: 'p'; parts: Inline[] }
  | { type: 'note'; parts: Inline[] }
  | { type: 'button'; label: string; url: string }
  | { type: 'details'; rows: [label: string, value: string][] }
  | { type: 'quote'; label: string; text: string };

export interface EmailContent {
  subject: string;
  /** The line an inbox shows after the subject. */
  preheader: string;
  heading: string;
  blocks: Block[];
}

export const p = (...parts: Inline[]): Block => ({ type: 'p', parts });
/** Small print under the main text. */
export const note = (...parts: Inline[]): Block => ({ type: 'note', parts });
export const button = (label: string, url: string): Block => ({ type: 'button', label, url });
export const details = (rows: [string, string][]): Block => ({ type: 'details', rows });
/** Someone's own words (a message, the engineer's remarks), kept with their line breaks. */
export const quote = (label: string, text: string): Block => ({ type: 'quote', label, text });
export const strong = (text: string): Inline => ({ strong: text });
export const link = (label: string, url: string): Inline => ({ link: url, label });

/** What every email's frame shows: the product, where to reach it. */
export interface Brand {
  productName: string;
  publicUrl: string;
  supportEmail: string;
  supportPhone: string;
}

/** An optional email's way out: why it came, and the one-click link that stops this kind. */
export interface Unsubscribe {
  reason: string;
  url: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** One line, no control characters: a subject is a header. */
const headerText = (value: string) =>
  value
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001F\u007F]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const COLOR = { text: '#0f172a', muted: '#64748b', primary: '#2563eb', border: '#e2e8f0', page: '#f1f5f9' };

const inlineHtml = (part: Inline) =>
  typeof part === 'string'
    ? escapeHtml(part)
    : 'strong' in part
      ? `<strong>${escapeHtml(part.strong)}</strong>`
      : `<a href="${escapeHtml(part.link)}" style="color:${COLOR.primary}">${escapeHtml(part.label)}</a>`;

const inlineText = (part: Inline) =>
  typeof part === 'string' ? part : 'strong' in part ? part.strong : `${part.label} (${part.link})`;

const multiline = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'p':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6">${block.parts.map(inlineHtml).join('')}</p>`;
    case 'note':
      return `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:${COLOR.muted}">${block.parts.map(inlineHtml).join('')}</p>`;
    case 'button':
      return `<p style="margin:8px 0 24px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:${COLOR.primary};color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;padding:12px 22px;border-radius:8px">${escapeHtml(block.label)}</a></p>`;
    case 'details':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-collapse:collapse;font-size:14px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:${COLOR.muted};vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:6px 0;vertical-align:top">${multiline(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'quote':
      return `<p style="margin:0 0 6px;font-size:13px;color:${COLOR.muted}">${escapeHtml(block.label)}</p><blockquote style="margin:0 0 20px;padding:10px 14px;border-left:3px solid ${COLOR.border};background:${COLOR.page};font-size:14px;line-height:1.6">${multiline(block.text)}</blockquote>`;
  }
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'p':
    case 'note':
      return block.parts.map(inlineText).join('');
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'details':
      return block.rows.map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, '\n  ')}`).join('\n');
    case 'quote':
      return `${block.label}\n${block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')}`;
  }
}

/** The email as both parts, in the product's frame, with the unsubscribe footer when it is optional. */
export function renderEmail(content: EmailContent, brand: Brand, unsubscribe?: Unsubscribe): RenderedEmail {
  const subject = headerText(content.subject);
  const footer = [
    note(
      `${brand.productName} · `,
      link(brand.supportEmail, `mailto:${brand.supportEmail}`),
      ` · ${brand.supportPhone}`,
    ),
    ...(unsubscribe ? [note(`${unsubscribe.reason} `, link('Unsubscribe', unsubscribe.url))] : []),
  ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${COLOR.page};color:${COLOR.text};${FONT}">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preheader)}</span>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;background:${COLOR.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;border:1px solid ${COLOR.border};border-radius:12px">
<tr><td style="padding:20px 28px;border-bottom:1px solid ${COLOR.border}"><a href="${escapeHtml(brand.publicUrl)}" style="color:${COLOR.primary};font-size:20px;font-weight:800;text-decoration:none">${escapeHtml(brand.productName)}</a></td></tr>
<tr><td style="padding:28px;overflow-wrap:anywhere;word-break:break-word">
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3">${escapeHtml(content.heading)}</h1>
${content.blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${COLOR.border}">${footer.map(blockHtml).join('')}</td></tr>
</table></td></tr></table>
</body></html>
`;
  const text = [
    brand.productName,
    '',
    content.heading,
    '',
    ...content.blocks.flatMap((b) => [blockText(b), '']),
    '--',
    ...footer.map(blockText),
    '',
  ].join('\n');
  return { subject, html, text };
}
