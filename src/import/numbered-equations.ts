/**
 * A numbered display equation as markdocx writes it (src/docx/equations.ts, pandoc-crossref's
 * `$$…$$ {#eq:x}`): one paragraph of a tab, the equation, a tab and "(" SEQ ")", with the
 * label's bookmark at its start. It comes back as the display equation with its label (the
 * bookmark's name, named back by bookmark-names.ts), not as inline math followed by "()".
 * Anything else in the paragraph, and it is left as it is.
 */
import type { Math } from 'mdast-util-math'
import type { Nodes, Paragraph } from 'mdast'
import type { Marker } from './markers.js'

export function numberedEquation(paragraph: Paragraph, markerOf: (node: Nodes) => Marker | undefined, block: (found: Marker) => Math | Paragraph): Math | undefined {
  let signature = ''
  let equation: Marker | undefined
  let label: string | undefined
  for (const child of paragraph.children) {
    const found = markerOf(child)
    if (found?.kind === 'a') {
      if (!found.payload.startsWith('_')) label ??= found.payload
    } else if (found?.kind === 'm' || found?.kind === 'M') {
      equation = found
      signature += 'E'
    } else if (found?.kind === 'q') signature += 'N'
    else if (child.type === 'text') signature += child.value.replace(/\s+/g, '')
    else if (!(child.type === 'html' && child.value === '' && found === undefined)) return undefined
    if (signature.length > 4) return undefined
  }
  if (signature !== 'E(N)' || !equation || label === undefined) return undefined
  const math = block(equation)
  if (math.type !== 'math') return undefined
  return { ...math, data: { ...math.data, attributes: { id: label, classes: [], pairs: [] } } } as Math
}
