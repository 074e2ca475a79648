import { fileTypeFromBuffer } from 'file-type';
import { type AttachmentType, CONVERSATION_LIMITS, TEXT_FILE_EXTENSIONS } from '../../../shared/contracts/messages.js';

/** What file-type names each allowed type (an animated PNG is a PNG to every browser). */
const DETECTED: Record<string, AttachmentType> = {
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
  'application/pdf': 'application/pdf',
};

/**
 * Text a browser would take for a page or a document if it guessed: whatever opens, after spaces and
 * invisible marks, with a tag, a declaration, a comment or a processing instruction (`<html`, `<img`,
 * `<!DOCTYPE`, `<!--`, `<?xml`, `<svg`, …). Not accepted as "plain text", whatever the name says. A
 * log line that opens with `<` and a digit (syslog's `<13>`) is not markup.
 */
const MARKUP = /^<[a-z!?/]/i;
/** What may come before that markup unseen: spaces of any kind and invisible marks (a BOM, a zero-width space). */
const LEADING_BLANKS = /^[\s\p{Cf}]+/u;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-16 as Windows tools write it (PowerShell's `>`, exported event logs): it opens with a byte-order mark. */
function utf16Decoder(bytes: Uint8Array): typeof utf8 | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true });
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true });
  return null;
}

/**
 * Plain text or a log: valid UTF-8, or UTF-16 with its byte-order mark; no NUL, no markup. The bytes
 * to keep are UTF-8, the charset it is served with: UTF-8 as it came, UTF-16 converted.
 */
function plainText(bytes: Buffer): Buffer | null {
  const utf16 = utf16Decoder(bytes);
  let text: string;
  try {
    text = (utf16 ?? utf8).decode(bytes);
  } catch {
    return null;
  }
  if (text.includes('\0') || MARKUP.test(text.replace(LEADING_BLANKS, ''))) return null;
  return utf16 ? Buffer.from(text, 'utf8') : bytes;
}

/**
 * The file's type from its bytes alone, and the bytes to keep (text is kept as UTF-8), or null when it
 * is not one the conversation accepts. An image or a PDF is known by its signature; anything else is
 * accepted only as text, so a log whose first letters happen to be a signature ("BM …", a bitmap's;
 * "MZ …", a program's) is still a log, and a real bitmap or program (binary) is refused.
 */
export async function sniffAttachment(bytes: Buffer): Promise<{ contentType: AttachmentType; bytes: Buffer } | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const known = detected && DETECTED[detected.mime];
  if (known) return { contentType: known, bytes };
  const text = plainText(bytes);
  return text && { contentType: 'text/plain', bytes: text };
}

/** Extensions a name may keep for each type (the first is added to a name that has none of them). */
const EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': TEXT_FILE_EXTENSIONS,
};

// Control characters, bidirectional overrides and invisible marks (they can make "gpj.exe" read as
// "exe.jpg"), and the characters no file system takes in a name.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNWANTED = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF"*:<>?|]/g;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The name an upload is kept and offered under: the last segment of whatever path it came with,
 * without control or invisible characters, at most CONVERSATION_LIMITS.fileNameMax characters, and
 * with an extension that matches its type (added when the name's own does not: "report.html" holding
 * plain text is kept as "report.html.txt", so nobody opens it as a page).
 */
export function cleanFileName(raw: string | undefined, type: AttachmentType): string {
  const segment = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = segment
    .replace(UNPAIRED_SURROGATE, '')
    .replace(UNWANTED, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const allowed = EXTENSIONS[type];
  let suffix = '';
  if (allowed.includes(ext)) {
    suffix = name.slice(dot);
    name = name.slice(0, dot);
  } else {
    suffix = `.${allowed[0]}`;
  }
  const room = CONVERSATION_LIMITS.fileNameMax - suffix.length;
  // By code points, so an emoji is never cut in half.
  const base = Array.from(name)
    .slice(0, room)
    .join('')
    .replace(/[\s.]+$/, '');
  return `${base || 'file'}${suffix}`;
}

/** RFC 5987 / 6266: the name as ASCII for old clients, and exactly, percent-encoded, for the rest. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
