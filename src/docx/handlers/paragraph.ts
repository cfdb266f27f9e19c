import { AlignmentType } from 'docx'
import type { Paragraph as MdParagraph, RootContent } from 'mdast'
import type { InlineMath } from 'mdast-util-math'
import { equationLabel } from '../../mdast/cross-references.js'
import { captionParagraph, withoutTypedNumber } from '../captions.js'
import { labelledEquation } from '../equations.js'
import { isFigure } from '../media/figure.js'
import type { HtmlAnchor } from '../html/anchor.js'
import { nodeDirection } from '../text/rtl.js'
import type { Handler } from './types.js'

/**
 * A paragraph: Body Text, or First Paragraph after a heading or any non-paragraph block (as
 * pandoc writes it, so a template can indent all but the first). A paragraph that is only an
 * image is a figure: a centred Figure paragraph, followed by an Image Caption when titled.
 */
export const paragraph: Handler<MdParagraph> = (state, node, outer) => {
  // A line that is only anchors (`<a name="x"></a>` above a heading, as READMEs do): no empty
  // paragraph in Word — the bookmarks go to the next paragraph, the one the anchor stands for.
  if (isOnlyAnchors(node) && !state.pendingFirstParagraph()) {
    for (const child of node.children) {
      if (child.type !== 'htmlAnchor') continue
      const anchor: HtmlAnchor = { ...child, block: true }
      state.one(anchor, outer, node)
    }
    return []
  }
  const context = { ...outer, direction: nodeDirection(node) }
  // `$$…$$ {#eq:x}` alone in its paragraph: a numbered display equation.
  const equation = soleLabelledEquation(node)
  if (equation) return [labelledEquation(state, equation.node, context, equation.label)]
  // A figure the numbering counted (mdast/cross-references.ts) where a list item's number is still
  // to be written (the item starts with a table, a div…): the number takes an empty line of its
  // own, as before a code block, so the figure and its caption keep the number references show.
  const lead = state.pendingFirstParagraph() && state.crossReferences.numbers.numberOf(node) !== undefined ? [state.paragraph(context, [])] : []
  const figure = isFigure(state, node, context)
  const children = state.inlines(node, context)
  if (children.length === 0 && !state.pendingFirstParagraph()) return []
  if (figure) {
    // The Figure style centres; raw HTML's `<img align="right">` places it elsewhere.
    const align = figure.image.type === 'image' ? figure.image.data?.align : undefined
    const alignment = align === 'left' ? AlignmentType.LEFT : align === 'right' ? AlignmentType.RIGHT : undefined
    const captioned = figure.caption !== undefined
    // A figure's `{#id}` is a bookmark around its picture (`[see](#fig:x)` lands there).
    const id = figure.image.data?.attributes?.id
    const name = id ? state.bookmarks.place(id) : undefined
    const blocks = [state.paragraph(context, name ? state.bookmarks.wrap(name, children) : children, { style: captioned ? 'CaptionedFigure' : 'Figure', ...(alignment ? { alignment } : {}), mark: node.data?.criticMark })]
    if (captioned) {
      // "Figure N: title", N a SEQ field (captions.ts) — in a bookmark references point at, when labelled {#fig:x}.
      const inner = { ...context, run: {} }
      const text = withoutTypedNumber(figure.caption ?? '', 'figure', state.features.labels.figure)
      blocks.push(captionParagraph(state, inner, 'figure', state.text(text, inner, node), 'ImageCaption', { node, label: id }))
    }
    return [...lead, ...blocks]
  }
  const style = context.paragraphStyle ?? (startsRun(state.previousSibling) ? 'FirstParagraph' : 'BodyText')
  // Word has no space below a table, nor below a tight list's last (Compact) item; the paragraph after one takes it.
  const after = state.previousSibling?.type === 'table' || endsWithHtmlTable(state.previousSibling) || (style !== 'Compact' && isTightList(state.previousSibling))
  const spacing = after ? { spacing: { before: 200 } } : {}
  return [...lead, state.paragraph(context, children, { style, ...spacing, mark: node.data?.criticMark })]
}

function soleLabelledEquation(node: MdParagraph): { node: InlineMath; label: string } | undefined {
  let found: { node: InlineMath; label: string } | undefined
  for (const child of node.children) {
    if (child.type === 'text' && child.value.trim() === '') continue
    const label = child.type === 'inlineMath' && !found ? equationLabel(child) : undefined
    if (!label) return undefined
    found = { node: child as InlineMath, label }
  }
  return found
}

function isOnlyAnchors(node: MdParagraph): boolean {
  return node.children.some((child) => child.type === 'htmlAnchor') && node.children.every((child) => child.type === 'htmlAnchor' || (child.type === 'text' && child.value.trim() === ''))
}

function isTightList(node: RootContent | undefined): boolean {
  return node?.type === 'list' && node.spread !== true && !node.children.some((item) => item.spread === true)
}

function startsRun(previous: RootContent | undefined): boolean {
  // After blocks inside a tracked change, what counts is the last of them.
  if (previous?.type === 'criticChangeBlock') return startsRun(previous.children[previous.children.length - 1])
  return previous === undefined || (previous.type !== 'paragraph' && previous.type !== 'definition' && previous.type !== 'footnoteDefinition' && previous.type !== 'html')
}

/** An HTML block that ends with a table (converted to a Word table by the html handler). */
function endsWithHtmlTable(previous: RootContent | undefined): boolean {
  return previous?.type === 'html' && /<\/table\s*>\s*$/i.test(previous.value)
}
