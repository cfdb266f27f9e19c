/**
 * The direction text is written in, shared by the export (w:bidi paragraphs, w:rtl runs: see
 * docx/text/rtl.ts) and the preview (`dir="auto"` where a paragraph has right-to-left letters), so
 * both set a paragraph the same way: by its first strong character, as Unicode's bidi algorithm
 * does (P2, P3).
 */

export type Direction = 'rtl' | 'ltr'

export const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}]/u
const LETTER_CHAR = /^\p{L}$/u
const ANY_LETTER = /\p{L}/u
/**
 * Where those scripts' letters can be at all (U+0590–U+08FF, the Arabic and Hebrew presentation
 * forms, and the high surrogates of U+10C00–U+10FFF and U+1E800–U+1EFFF): a plain character
 * class, much quicker than the script properties on the text of a book that has none.
 */
const MAYBE_RTL = /[\u0590-\u08FF\uFB1D-\uFEFF\uD803\uD83A\uD83B]/

export function hasRtlLetter(text: string): boolean {
  return MAYBE_RTL.test(text) && RTL_LETTER.test(text)
}

/**
 * The direction of the text's first strong character (a letter, or a directional mark), as
 * Unicode's bidi algorithm sets a paragraph's (P2, P3): "Urdu - اردو" is left to right, "اردو -
 * Urdu" right to left. Undefined when it has none.
 */
export function textDirection(text: string): Direction | undefined {
  if (!hasRtlLetter(text) && !text.includes('\u200F') && !text.includes('\u061C')) return ANY_LETTER.test(text) || text.includes('\u200E') ? 'ltr' : undefined
  for (const char of text) {
    if (char === '\u200E') return 'ltr'
    if (char === '\u200F' || char === '\u061C') return 'rtl'
    if (RTL_LETTER.test(char)) return 'rtl'
    if (LETTER_CHAR.test(char)) return 'ltr'
  }
  return undefined
}

