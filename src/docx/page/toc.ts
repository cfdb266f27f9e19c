/**
 * The table of contents, as Word writes it: a content control of the Table of Contents
 * gallery (so Word offers "Update Table"), a TOC Heading, then one paragraph per heading in
 * the TOC 1…N styles — each a hyperlink to the heading's bookmark, with a dotted tab to a
 * PAGEREF field — all inside a `TOC \o "1-N" \h \z \u` field. The entries are the field's
 * cached result, so the contents show before Word updates the field (settings updateFields
 * asks it to on open), and in readers that never update fields.
 */
import { BuilderElement, FileChild, InternalHyperlink, LeaderType, Paragraph, Tab, TabStopType, TextRun, XmlComponent, type ParagraphChild } from 'docx'
import type { Heading, Nodes, Root } from 'mdast'
import { textWithoutComments } from '../../mdast/text-without-comments.js'
import { sectionNumbers } from '../../mdast/section-numbers.js'
import type { Context } from '../context.js'
import { complexFieldParts } from '../ooxml/fields.js'
import { nodeDirection } from '../text/rtl.js'
import type { State } from '../state.js'

/** A block-level content control (w:sdt) of a building-block gallery. */
class ContentControl extends FileChild {
  constructor(gallery: string, children: Paragraph[]) {
    super('w:sdt')
    const docPart = new BuilderElement({
      name: 'w:docPartObj',
      children: [new BuilderElement<{ val: string }>({ name: 'w:docPartGallery', attributes: { val: { key: 'w:val', value: gallery } } }), new BuilderElement({ name: 'w:docPartUnique' })],
    })
    this.root.push(new BuilderElement({ name: 'w:sdtPr', children: [docPart] }))
    const content = new SdtContent()
    for (const child of children) content.add(child)
    this.root.push(content)
  }
}

class SdtContent extends XmlComponent {
  constructor() {
    super('w:sdtContent')
  }

  add(child: Paragraph): void {
    this.root.push(child)
  }
}

/** Headings the TOC lists: up to `depth`, outside footnotes (where headings are plain bold lines). */
export function tocHeadings(tree: Root, depth: number): Heading[] {
  const out: Heading[] = []
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'footnoteDefinition') continue
    if (node.type === 'heading') {
      if (node.depth <= depth) out.push(node)
      continue
    }
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes)
  }
  return out
}

export function tableOfContents(state: State, context: Context): FileChild[] {
  const toc = state.features.toc
  if (!toc) return []
  const all = tocHeadings(state.tree, 9)
  const headings = all.filter((node) => node.depth <= toc.depth)
  // Numbered headings: the entries show the numbers Word's list gives them (Word's own TOC does).
  const numbers = state.features.numberSections ? sectionNumbers(all) : undefined
  const field = complexFieldParts(`TOC \\o "1-${toc.depth}" \\h \\z \\u`)
  const width = context.width
  const heading = new Paragraph({ style: 'TOCHeading', children: state.text(toc.title, { ...context, run: {} }) })
  const entries: Paragraph[] = headings.map((node, index) => {
    const level = Math.min(Math.max(node.depth, 1), 9)
    const number = numbers?.get(node)
    const text = `${number ? `${number} ` : ''}${textWithoutComments(node).replace(/\s+/g, ' ').trim()}`
    const bookmark = state.bookmarks.headingName(node)
    const runs: ParagraphChild[] = [...state.text(text, { ...context, run: {} }, node), new TextRun({ children: [new Tab()] }), ...(bookmark ? pageReference(bookmark) : [])]
    const linked: ParagraphChild[] = bookmark ? [new InternalHyperlink({ anchor: bookmark, children: runs })] : runs
    const children = [...(index === 0 ? field.start : []), ...linked, ...(index === headings.length - 1 ? field.end : [])]
    return new Paragraph({
      style: `TOC${level}`,
      tabStops: [{ type: TabStopType.RIGHT, position: Math.max(width - 10, 720), leader: LeaderType.DOT }],
      ...(nodeDirection(node) === 'rtl' ? { bidirectional: true } : {}),
      children,
    })
  })
  if (entries.length === 0) {
    state.info(undefined, 'The table of contents is empty: the document has no headings it lists; Word fills it in once there are some', 'toc-empty')
    entries.push(new Paragraph({ children: [...field.start, ...field.end] }))
  }
  return [new ContentControl('Table of Contents', [heading, ...entries])]
}

/** The page number of a bookmark, as a PAGEREF field (its number is left for Word to fill in). */
function pageReference(bookmark: string): ParagraphChild[] {
  const field = complexFieldParts(`PAGEREF ${bookmark} \\h`)
  return [...field.start, ...field.end]
}
