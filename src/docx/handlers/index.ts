/**
 * The built-in handlers, one per mdast node type.
 */
import { blockquote } from './blockquote.js'
import { bracketedSpan } from './bracketed-span.js'
import { fencedDiv } from './fenced-div.js'
import { breakHandler } from './break.js'
import { bibliography, citation } from './citation.js'
import { code } from './code.js'
import { criticChangeBlock, criticComment, criticDeletion, criticHighlight, criticInsertion } from './critic.js'
import { crossReference } from './cross-reference.js'
import { defList, defListDescription, defListTerm } from './definition-list.js'
import { deleteHandler } from './delete.js'
import { emphasis } from './emphasis.js'
import { footnoteReference } from './footnote-reference.js'
import { heading } from './heading.js'
import { html } from './html.js'
import { htmlAnchor } from './html-anchor.js'
import { htmlElement } from './html-element.js'
import { image } from './image.js'
import { imageReference } from './image-reference.js'
import { inlineCode } from './inline-code.js'
import { link } from './link.js'
import { linkReference } from './link-reference.js'
import { list } from './list.js'
import { listItem } from './list-item.js'
import { inlineMath, math } from './math.js'
import { definition, footnoteDefinition, yaml } from './nothing.js'
import { pageBreak } from './page-break.js'
import { paragraph } from './paragraph.js'
import { root } from './root.js'
import { strong } from './strong.js'
import { subscript, superscript } from './superscript.js'
import { table } from './table.js'
import { tableCaption } from './table-caption.js'
import { tableCell } from './table-cell.js'
import { tableRow } from './table-row.js'
import { text } from './text.js'
import { thematicBreak } from './thematic-break.js'
import type { Handlers } from './types.js'

export const defaultHandlers: Handlers = {
  root,
  paragraph,
  heading,
  thematicBreak,
  blockquote,
  list,
  listItem,
  code,
  html,
  definition,
  footnoteDefinition,
  yaml,
  math,
  table,
  tableRow,
  tableCell,
  text,
  emphasis,
  strong,
  delete: deleteHandler,
  inlineCode,
  break: breakHandler,
  link,
  image,
  linkReference,
  imageReference,
  footnoteReference,
  inlineMath,
  tableCaption,
  defList,
  defListTerm,
  defListDescription,
  criticHighlight,
  criticComment,
  criticInsertion,
  criticDeletion,
  criticChangeBlock,
  htmlElement,
  htmlAnchor,
  pageBreak,
  fencedDiv,
  bracketedSpan,
  superscript,
  subscript,
  crossReference,
  citation,
  bibliography,
}

export type { Handler, Handlers, Output } from './types.js'
