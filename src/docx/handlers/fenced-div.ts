import type { FencedDiv } from '../../mdast/nodes.js'
import { attributeValue, hasClass } from '../../mdast/attributes.js'
import { calloutBlocks } from '../callouts.js'
import type { Context } from '../context.js'
import { referenceMark } from '../source-fields.js'
import { SectionBreak } from '../page/sections.js'
import type { Block } from '../state.js'
import type { Handler } from './types.js'

/**
 * pandoc's fenced div (`::: {#id .class key=value}`): its blocks, with what its attributes mean
 * in Word —
 * - `custom-style="Name"`: the paragraphs inside take the paragraph style Name (custom-styles.ts);
 * - `.landscape`: the content on landscape pages of their own (a section each side, headers and
 *   footers continuing), as pandoc users do with a landscape filter;
 * - a callout class (`.warning`, `.callout-tip`, see markdown/syntax/fenced-divs.ts): a callout box;
 * - an id: a bookmark at its first paragraph, so `#id` links reach it;
 * - the id `refs` (pandoc's place for the reference list): that place marked for an import
 *   (source-fields.ts), by the list's first entry or, with no list in it, a paragraph of its own.
 * Other classes and attributes change nothing in Word; the content is all there.
 */
export const fencedDiv: Handler<FencedDiv> = (state, node, context) => {
  const attributes = node.data?.attributes
  const id = attributes?.id ? state.bookmarks.place(attributes.id) : undefined
  if (id) state.bookmarkNextParagraph(id, context)
  let inner: Context = context
  const style = attributeValue(attributes, 'custom-style')?.trim()
  if (style) inner = { ...inner, paragraphStyle: state.customStyles.id(style, 'paragraph') }
  if (attributes?.id === 'refs' && !context.inFootnote) {
    const listed = node.children.some((child) => child.type === 'bibliography' && child.children.length > 0)
    if (listed) inner = { ...inner, inReferenceDiv: true }
    else return [state.paragraph(inner, referenceMark('REFS')), ...state.blocks(node, inner)]
  }
  const callout = node.data?.callout
  const content = (at: Context): Block[] => (callout ? calloutBlocks(state, node, callout, at) : undefined) ?? state.blocks(node, at)
  if (!hasClass(attributes, 'landscape')) return content(inner)
  if (context.inTable || context.inFootnote || context.landscape) {
    state.info(node, `A landscape div inside ${context.landscape ? 'another one' : context.inTable ? 'a table' : 'a footnote'} cannot turn the page; its content is kept where it is`, 'landscape-nested')
    return content(inner)
  }
  const { page, margins } = state.options
  const width = Math.max(Math.max(page.width, page.height) - margins.left - margins.right - context.indent, 1440)
  return [new SectionBreak('landscape'), ...content({ ...inner, width, landscape: true }), new SectionBreak('portrait')]
}
