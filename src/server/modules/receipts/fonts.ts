import { createRequire } from 'node:module';
import { type Font, openSync } from 'fontkit';

const require = createRequire(import.meta.url);

/**
 * The scripts of India's languages that a receipt draws with a Noto Sans font of their own (PDF's
 * standard fonts draw Latin only): each Unicode block, and the @fontsource package that has it.
 * Urdu's (Arabic) runs right to left: its font's shaping lays each run out in drawing order.
 */
const SCRIPTS = [
  { script: 'arabic', from: 0x0600, to: 0x06ff },
  { script: 'arabic', from: 0x0750, to: 0x077f },
  { script: 'arabic', from: 0xfb50, to: 0xfdff },
  { script: 'arabic', from: 0xfe70, to: 0xfeff },
  { script: 'devanagari', from: 0x0900, to: 0x097f },
  { script: 'devanagari', from: 0xa8e0, to: 0xa8ff },
  { script: 'bengali', from: 0x0980, to: 0x09ff },
  { script: 'gurmukhi', from: 0x0a00, to: 0x0a7f },
  { script: 'gujarati', from: 0x0a80, to: 0x0aff },
  { script: 'oriya', from: 0x0b00, to: 0x0b7f },
  { script: 'tamil', from: 0x0b80, to: 0x0bff },
  { script: 'telugu', from: 0x0c00, to: 0x0c7f },
  { script: 'kannada', from: 0x0c80, to: 0x0cff },
  { script: 'malayalam', from: 0x0d00, to: 0x0d7f },
] as const;

export type IndianScript = (typeof SCRIPTS)[number]['script'];

/** The Indian script a character belongs to, or null. */
export function scriptOf(char: string): IndianScript | null {
  const code = char.codePointAt(0) ?? 0;
  return SCRIPTS.find((s) => code >= s.from && code <= s.to)?.script ?? null;
}

/** Scripts written right to left: a space between two of their words belongs to their run. */
export const rightToLeft = (script: IndianScript | null) => script === 'arabic';

/** The font file (WOFF, which pdfkit embeds, only the glyphs used) for a script, regular or bold. */
export function scriptFont(script: IndianScript, bold: boolean): string {
  return require.resolve(
    `@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-${bold ? 700 : 400}-normal.woff`,
  );
}

/**
 * Ways to shape text, from the font's own OpenType features to fewer. fontkit 2.0.4 throws on a null
 * anchor in a font's mark positioning, which the Gurmukhi and Telugu Noto Sans fonts have for some
 * conjuncts (ਸ੍ਰੀ, శ్రీ, as in Gurpreet or Srinivas: foliojs/fontkit#367); without mark positioning
 * their marks sit at their default places, and a receipt is better a little misplaced than not drawn.
 */
export const SHAPINGS: readonly Readonly<Record<string, boolean>>[] = [
  {},
  { abvm: false },
  { abvm: false, blwm: false, mark: false, mkmk: false },
];

/**
 * The first of SHAPINGS that the PDF library can shape a run of `script` text with, or -1 when none
 * (the run is then printed as the standard fonts can). The same font files as pdfkit's (which shapes
 * with fontkit), each opened once.
 */
export function shapingOf(script: IndianScript, bold: boolean, text: string): number {
  const font = shapingFont(scriptFont(script, bold));
  // fontkit adds its defaults to the map it is given: a copy each time.
  return SHAPINGS.findIndex((features) => {
    try {
      font.layout(text, { ...features });
      return true;
    } catch {
      return false;
    }
  });
}

const shapingFonts = new Map<string, Font>();
function shapingFont(file: string): Font {
  let font = shapingFonts.get(file);
  if (!font) shapingFonts.set(file, (font = openSync(file)));
  return font;
}
