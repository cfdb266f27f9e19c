import type { Html, Parents } from 'mdast'
import { isHtmlComment } from '../text/html-text.js'
import { singleTag } from '../html/prepare.js'
import { isKnown, VOID } from '../html/tags.js'
import { hastToFlow, hastToPhrasing, htmlNodeContent, htmlNodeCut, htmlTablesFlattened, type HtmlConversion } from '../html/to-mdast.js'
import { tableTooLargeReason } from '../html/table.js'
import type { Handler } from './types.js'

/**
 * Raw HTML, through the same handlers as Markdown: `<br>`, `<img width>`, `<b>`, `<sub>`,
 * `<kbd>`, `<p align>`, `<table>` with spans… are converted (html/to-mdast.ts); tags Word has
 * nothing for are dropped with their text kept, and a message names them. Tags split over
 * several nodes were joined before compiling (html/prepare.ts); what reaches here alone is a
 * whole fragment, or a tag whose partner is missing.
 */
export const html: Handler<Html> = (state, node, context, parent) => {
  if (node.data?.tooDeep) {
    state.warn(node, 'HTML tags are nested too deeply here; the deeper tags were ignored and their text kept', 'html-too-deep')
    return []
  }
  if (isHtmlComment(node.value)) return []
  const inline = isPhrasing(parent)
  const tag = inline ? singleTag(node.value) : undefined
  if (tag?.closing) return []
  if (tag && isKnown(tag.name) && !VOID.has(tag.name)) {
    state.warn(node, `HTML <${tag.name}> is not closed in this paragraph; the tag was ignored`, 'html-unclosed')
    return []
  }
  const conversion: HtmlConversion = { unsupported: new Set(), position: node.position }
  const fragment = htmlNodeContent(node)
  if (htmlNodeCut(node)) state.warn(node, 'HTML tags are nested too deeply here; the deeper tags were ignored and their text kept', 'html-too-deep')
  // Counted only up to the budget, before parsing (to-mdast.ts): no size to give.
  if (htmlTablesFlattened(node)) state.warn(node, tableTooLargeReason(), 'table-too-large')
  const out = inline ? state.inlines({ type: 'paragraph', children: hastToPhrasing(fragment, conversion) }, context) : state.blocks({ type: 'root', children: hastToFlow(fragment, conversion) }, context)
  if (conversion.unsupported.size > 0) {
    state.warn(node, `HTML <${[...conversion.unsupported].join('>, <')}> is not converted to Word; its text is kept`, 'html-not-converted')
  }
  return out
}

function isPhrasing(parent: Parents | undefined): boolean {
  if (!parent) return false
  if (parent.type === 'htmlElement') return !parent.block
  return parent.type !== 'root' && parent.type !== 'blockquote' && parent.type !== 'listItem' && parent.type !== 'footnoteDefinition'
}
