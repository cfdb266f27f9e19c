/**
 * `<div style="page-break-before: always">` in raw HTML: Word gets a page break (docx/html),
 * so the preview draws the same marked rule as `\newpage` — the sanitiser drops `style`, so
 * the break must become an element before it runs.
 */
import type { Element, ElementContent, Root } from 'hast'
import { htmlPageBreaks } from '../../mdast/html-page-breaks.js'

function rule(): Element {
  return { type: 'element', tagName: 'hr', properties: { className: ['page-break'] }, children: [] }
}

export function markHtmlPageBreaks(parent: Root | Element): void {
  const out: Array<Root['children'][number]> = []
  let changed = false
  for (const child of parent.children) {
    if (child.type !== 'element') {
      out.push(child)
      continue
    }
    markHtmlPageBreaks(child)
    const breaks = htmlPageBreaks(child.properties.style)
    if (breaks.before) out.push(rule())
    out.push(child)
    if (breaks.after) out.push(rule())
    changed ||= breaks.before || breaks.after
  }
  if (changed) parent.children = out as ElementContent[]
}
