/**
 * Text for XML: characters XML 1.0 cannot hold (C0 controls, U+FFFE/U+FFFF, lone surrogates)
 * would make Word refuse the file, so they become U+FFFD. The preview shows text the same way,
 * so it shows what Word will get (and Chromium lays out lone surrogates slowly: a paragraph with
 * 1 400 of them held the page 110 ms).
 */

// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export interface CleanText {
  text: string
  /** How many characters were replaced. */
  replaced: number
}

/** `text` with every character XML cannot carry replaced by U+FFFD. */
export function xmlSafe(text: string): CleanText {
  let replaced = 0
  const clean = text.replace(INVALID_XML, () => {
    replaced++
    return '\uFFFD'
  })
  return { text: clean, replaced }
}
