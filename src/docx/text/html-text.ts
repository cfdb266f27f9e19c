/**
 * The text inside raw HTML, for when the HTML itself cannot go into Word: tags dropped,
 * character references decoded, comments and the content of script/style removed.
 */
import { decodeNamedCharacterReference } from 'decode-named-character-reference'

/** Visible text of an HTML fragment; `<br>` and block ends become line breaks. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
      .replace(/<(script|style|template|textarea|title)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(?:p|div|li|tr|h[1-6]|blockquote|pre|table|ul|ol|section|article|header|footer|details|summary)\s*>/gi, '\n')
      .replace(/<\/?[A-Za-z][^>]*>|<![^>]*>|<\?[\s\S]*?\?>/g, ''),
  )
}

/** The tag names in an HTML fragment, lower-cased, each once. */
export function htmlTagNames(html: string): string[] {
  const names = new Set<string>()
  for (const match of html.matchAll(/<\/?([A-Za-z][A-Za-z0-9-]*)/g)) names.add(match[1]!.toLowerCase())
  return [...names]
}

/** Whether the fragment is only comments and white space. */
export function isHtmlComment(html: string): boolean {
  return html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').trim() === ''
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD'
      return String.fromCodePoint(code)
    }
    const decoded = decodeNamedCharacterReference(ref)
    return decoded === false ? whole : decoded
  })
}
