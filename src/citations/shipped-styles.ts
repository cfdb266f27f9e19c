/**
 * The citation styles markdocx ships, by name: APA 7th and Vancouver (plugin-csl's own copies of
 * the official CSL styles), Chicago author-date (pandoc's default) and IEEE (styles/). Small on
 * purpose: the CLI and the app name styles without loading the processor.
 */
export const SHIPPED_STYLES = ['apa', 'chicago-author-date', 'ieee', 'vancouver'] as const

export type ShippedStyle = (typeof SHIPPED_STYLES)[number]

/** A shipped style's name for what a user wrote (`ieee`, `IEEE.csl`, `chicago`), or undefined. */
export function builtinStyle(style: string): ShippedStyle | undefined {
  const name = style.trim().toLowerCase().replace(/\.csl$/, '')
  if (name === 'chicago' || name === 'chicago-author-date') return 'chicago-author-date'
  if (name === 'apa7') return 'apa'
  return (SHIPPED_STYLES as readonly string[]).includes(name) ? (name as ShippedStyle) : undefined
}
