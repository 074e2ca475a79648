// The part of fontkit (no types of its own) that receipts/fonts.ts uses: shaping a run of text.
declare module 'fontkit' {
  export interface Font {
    /** Shapes `text` with the font's OpenType features, `features` turning some on or off. */
    layout(text: string, features?: Record<string, boolean>): unknown;
  }
  export function openSync(path: string): Font;
}
