/**
 * Preview of YAML front matter: the title block the export puts on top of the document
 * (Title, Subtitle, Author, Date, Abstract), not the raw YAML.
 */
import type { Element, ElementContent } from 'hast'
import type { Yaml } from 'mdast'
import type { State } from 'mdast-util-to-hast'
import { readFrontMatter } from '../../mdast/front-matter.js'

export function yaml(state: State, node: Yaml): Element | undefined {
  const metadata = readFrontMatter({ type: 'root', children: [node] })
  const lines: ElementContent[] = []
  const add = (className: string, value: string | undefined) => {
    if (value) lines.push({ type: 'element', tagName: 'p', properties: { className: [className] }, children: [{ type: 'text', value }] })
  }
  add('title', metadata.title)
  add('subtitle', metadata.subtitle)
  for (const author of metadata.authors) add('author', author)
  add('date', metadata.date)
  add('abstract', metadata.abstract)
  if (lines.length === 0) return undefined
  const header: Element = { type: 'element', tagName: 'header', properties: { className: ['front-matter'] }, children: lines }
  state.patch(node, header)
  return header
}
