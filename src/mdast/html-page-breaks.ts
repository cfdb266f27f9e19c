/**
 * Page breaks asked for by print CSS on raw HTML (`<div style="page-break-before: always">`):
 * read by the compiler (a Word page break) and the preview (the marked rule `\\newpage` gets).
 */

/** Where an HTML element's inline style asks for a page break: before it, after it, both or neither. */
export function htmlPageBreaks(style: unknown): { before: boolean; after: boolean } {
  const css = typeof style === 'string' ? style.toLowerCase() : ''
  if (!css.includes('break')) return { before: false, after: false }
  return {
    before: /(?:^|;)\s*(?:page-break-before\s*:\s*always|break-before\s*:\s*(?:page|left|right|recto|verso))/.test(css),
    after: /(?:^|;)\s*(?:page-break-after\s*:\s*always|break-after\s*:\s*(?:page|left|right|recto|verso))/.test(css),
  }
}
