/**
 * State: everything document-wide and mutable while one tree is compiled — definitions,
 * registries (numbering, footnotes, bookmarks, relationships, drawings) and messages — plus
 * the walk itself (`one`, `blocks`, `inlines`), through which every handler recurses.
 */
import { FileChild, Paragraph, TableCell, TableRow, type IParagraphOptions, type ParagraphChild } from 'docx'
import type { Definition, FootnoteDefinition, Heading, Nodes, Parents, Root, RootContent } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import type { Node } from 'unist'
import { VFile } from 'vfile'
import { readFrontMatter, type DocumentMetadata } from '../mdast/front-matter.js'
import { headingLabels } from '../mdast/implicit-links.js'
import { slugsOf } from '../mdast/slugs.js'
import { toString } from 'mdast-util-to-string'
import { diagramKey, type DiagramKind } from '../mdast/diagrams.js'
import type { ChangeKind } from '../mdast/nodes.js'
import { walk } from '../mdast/walk.js'
import { explicitAnchorIds } from './anchors.js'
import { BookmarkRegistry, writtenHeadingSlugs } from './bookmarks.js'
import { calloutFrame, isCalloutStyle } from './callouts.js'
import { CaptionRegistry } from './captions.js'
import { trackedParagraph } from './changes.js'
import { CommentRegistry } from './comments.js'
import { CrossReferenceRegistry } from './cross-references.js'
import { CustomStyleRegistry } from './styles/custom-styles.js'
import { rootContext, type Context } from './context.js'
import { resolveFeatures, type Features } from './page/features.js'
import { FootnoteRegistry } from './footnotes.js'
import { defaultHandlers } from './handlers/index.js'
import type { Handler, Handlers, Output } from './handlers/types.js'
import type { DiagramResult, ResolvedDiagrams } from './media/diagrams.js'
import type { ImageResult, ResolvedImages } from './media/images.js'
import type { FirstParagraphToken } from './first-paragraph.js'
import { LIST_HANGING, LIST_INDENT, NumberingRegistry } from './numbering.js'
import { resolveOptions, textArea, type DocxOptions, type ResolvedOptions } from './options.js'
import { readReferenceDoc, type ReferenceTemplate } from './styles/reference-doc.js'
import { RelationshipRegistry } from './ooxml/relationships.js'
import { paragraphOf } from './ooxml/shared-paragraph-properties.js'
import { directionalSegments } from './text/rtl.js'
import { STYLE_INDENT, styleDefinitions } from './styles/styles.js'
import { formattedRun } from './text/text-runs.js'
import { xmlSafe } from './text/text.js'

export type Block = FileChild

export interface State {
  readonly tree: Root
  readonly file: VFile
  readonly options: ResolvedOptions
  readonly metadata: DocumentMetadata
  readonly handlers: Handlers
  readonly numbering: NumberingRegistry
  readonly footnotes: FootnoteRegistry
  readonly bookmarks: BookmarkRegistry
  readonly relationships: RelationshipRegistry
  /** Table of contents, page numbers, title page, labels… asked for by options or front matter. */
  readonly features: Features
  /** Figure and table caption numbers. */
  readonly captions: CaptionRegistry
  /** Cross-reference numbers and targets (pandoc-crossref's `{#fig:x}` / `@fig:x`, see cross-references.ts). */
  readonly crossReferences: CrossReferenceRegistry
  /** Word comments (from CriticMarkup). */
  readonly comments: CommentRegistry
  /** Styles named by `custom-style` (pandoc's), defined where no style has the name. */
  readonly customStyles: CustomStyleRegistry
  /** Heading labels (normalised text) → slug, for pandoc's implicit heading references (`[Heading]`). */
  readonly headingLabels: ReadonlyMap<string, string>
  /** The reference .docx, when one was given and could be read. */
  readonly reference: ReferenceTemplate | undefined
  /** Width and height of the page's text area in twips. */
  readonly textArea: { width: number; height: number }
  /** The context the document body starts in. */
  readonly rootContext: Context

  /** The link definition for a reference identifier. */
  definition(identifier: string): Definition | undefined
  /** The loaded image (or why it failed) for a URL; undefined when it was never resolved. */
  image(url: string): ImageResult | undefined
  /**
   * The drawn diagram (or why it was not drawn) for a diagram's source. Without drawn diagrams
   * (`toDocx` alone), every diagram says so; undefined for a source the drawn ones lack — code
   * that is no fenced block of the document (a `<pre>` in raw HTML), which stays code.
   */
  diagram(kind: DiagramKind, source: string): DiagramResult | undefined
  /** A drawing id (`wp:docPr/@id`) unique within the document. */
  drawingId(): number
  /** The block before the one being compiled, in its container (for First Paragraph). */
  readonly previousSibling: RootContent | undefined
  /** What the next paragraph written receives (a list item's number…), if not yet taken. */
  pendingFirstParagraph(): FirstParagraphToken | undefined
  /** Runs `fn` with `token` pending (undefined: none, as in table cells, so an item's number stays outside). */
  withFirstParagraph<T>(token: FirstParagraphToken | undefined, fn: () => T): T

  /** Compiles one node with its handler. */
  one(node: Node, context: Context, parent: Parents | undefined): Output[]
  /** Compiles the children of `parent` as blocks; stray inline content is wrapped in paragraphs. */
  blocks(parent: Parents, context: Context): Block[]
  /**
   * `blocks` one child at a time: yields after each, so a caller can pause between them (the
   * export worker compiles the document's top level this way, see compileSteps).
   */
  blockSteps(parent: Parents, context: Context): Generator<void, Block[], undefined>
  /** Compiles the children of `parent` as inline content. */
  inlines(parent: Parents, context: Context): ParagraphChild[]
  /** A bookmark for the next paragraph written in `context`'s part: an anchor that stands among blocks (see anchors.ts). */
  bookmarkNextParagraph(name: string, context: Context): void
  /** The bookmarks no paragraph took (anchors at the very end), in a paragraph of their own; none when there are none. */
  flushBookmarks(context: Context): Block[]
  /** A paragraph in `context`: its style, indent and (for a list item's first block) numbering. */
  paragraph(context: Context, children: ParagraphChild[], options?: ParagraphOptions): Paragraph
  /** Runs for a piece of text in the context's run format (XML-unsafe characters replaced, with a message). */
  text(value: string, context: Context, node?: Node): ParagraphChild[]

  /** Records a warning about `node` (something did not survive as written). */
  warn(node: Node | undefined, reason: string, ruleId: string): void
  /** Records a note about `node` (something was adapted, nothing was lost). */
  info(node: Node | undefined, reason: string, ruleId: string): void
}

export type ParagraphOptions = Omit<IParagraphOptions, 'children' | 'text'> & {
  /** Paragraph style id; default: the context's. */
  style?: string
  /** The paragraph's mark is a tracked change (a CriticMarkup change spanning paragraphs, critic-spans.ts). */
  mark?: ChangeKind | undefined
}

export function createState(tree: Root, options: DocxOptions = {}): State {
  const file = options.file ?? new VFile()
  const referenceRead = options.referenceDoc ? readReferenceDoc(options.referenceDoc) : undefined
  if (referenceRead && !referenceRead.ok) {
    file.message(`The reference document cannot be used: ${referenceRead.reason}; the built-in styles are used`, { ruleId: 'reference-doc-invalid', source: 'markdocx' })
  }
  const reference = referenceRead?.ok ? referenceRead.template : undefined
  const resolved = resolveOptions(options, reference)
  const metadata = readFrontMatter(tree, file)
  const area = textArea(resolved)
  const definitions = new Map<string, Definition>()
  const footnoteDefinitions = new Map<string, FootnoteDefinition>()
  const headings: Heading[] = []
  collect(tree, definitions, footnoteDefinitions, headings, file)
  const handlers = { ...defaultHandlers, ...options.handlers } as Handlers
  const slugs = slugsOf(headings)
  const images: ResolvedImages = options.images ?? new Map()
  const diagrams: ResolvedDiagrams | undefined = options.diagrams
  let drawingIds = 0
  let previousSibling: RootContent | undefined
  let pending: FirstParagraphToken | undefined
  let waitingBookmarks: Array<{ name: string; part: Context['part'] }> = []
  /** The bookmarks waiting for a paragraph of `part`, taken. */
  const takeBookmarks = (part: Context['part']): ParagraphChild[] => {
    if (waitingBookmarks.length === 0) return []
    const taken = waitingBookmarks.filter((mark) => mark.part === part)
    if (taken.length === 0) return []
    waitingBookmarks = waitingBookmarks.filter((mark) => mark.part !== part)
    return taken.flatMap((mark) => state.bookmarks.wrap(mark.name, []))
  }

  const bookmarks = new BookmarkRegistry(writtenHeadingSlugs(tree, slugs), explicitAnchorIds(tree))
  const features = resolveFeatures(options, metadata)
  const crossReferences = new CrossReferenceRegistry(tree, metadata, features.lang, features.numberSections, bookmarks)
  crossReferences.reportDuplicates(file)

  const state: State = {
    tree,
    file,
    options: resolved,
    metadata,
    handlers,
    numbering: new NumberingRegistry(),
    footnotes: new FootnoteRegistry(footnoteDefinitions, tree),
    bookmarks,
    relationships: new RelationshipRegistry(),
    features,
    captions: new CaptionRegistry(),
    crossReferences,
    comments: new CommentRegistry(footnoteDefinitions.size + 1),
    customStyles: new CustomStyleRegistry(styleDefinitions(resolved)),
    headingLabels: headingLabels(slugs, (heading) => toString(heading)),
    reference,
    textArea: area,
    rootContext: rootContext(area.width),
    get previousSibling() {
      return previousSibling
    },
    pendingFirstParagraph: () => (pending && !pending.used ? pending : undefined),
    withFirstParagraph(token, fn) {
      const saved = pending
      pending = token
      try {
        return fn()
      } finally {
        pending = saved
      }
    },
    definition: (identifier) => definitions.get(normalizeIdentifier(identifier)),
    image: (url) => images.get(url),
    diagram: (kind, source) => (diagrams ? diagrams.get(diagramKey(kind, source)) : NOT_DRAWN),
    drawingId: () => ++drawingIds,

    one(node, context, parent) {
      const handler = (handlers[node.type] ?? unknownHandler) as Handler<Node>
      return handler(state, node, context, parent)
    },

    blocks(parent, context) {
      const saved = previousSibling
      previousSibling = undefined
      const out: Block[] = []
      for (const child of parent.children as RootContent[]) {
        appendBlocks(out, child, context, parent)
        previousSibling = child
      }
      previousSibling = saved
      return out
    },

    *blockSteps(parent, context) {
      const saved = previousSibling
      previousSibling = undefined
      const out: Block[] = []
      try {
        for (const child of parent.children as RootContent[]) {
          appendBlocks(out, child, context, parent)
          previousSibling = child
          yield
        }
      } finally {
        previousSibling = saved
      }
      return out
    },

    inlines(parent, context) {
      const out: ParagraphChild[] = []
      for (const child of parent.children as Nodes[]) {
        for (const result of state.one(child, context, parent)) {
          if (isBlock(result) || result instanceof TableRow || result instanceof TableCell) {
            state.warn(child, 'Block content inside a line of text was left out', 'block-in-inline')
          } else {
            out.push(result)
          }
        }
      }
      return out
    },

    bookmarkNextParagraph(name, context) {
      waitingBookmarks.push({ name, part: context.part })
    },

    flushBookmarks(context) {
      const marks = takeBookmarks(context.part)
      return marks.length > 0 ? [new Paragraph({ children: marks })] : []
    },

    paragraph(context, children, paragraphOptions = {}) {
      const { style = context.paragraphStyle ?? 'BodyText', mark, ...rest } = paragraphOptions
      const marks = takeBookmarks(context.part)
      const properties: { -readonly [K in keyof IParagraphOptions]: IParagraphOptions[K] } = { style, ...rest, children: marks.length > 0 ? [...marks, ...children] : children }
      if (context.alignment && !properties.alignment) properties.alignment = context.alignment
      if (context.direction === 'rtl' && properties.bidirectional === undefined) properties.bidirectional = true
      const token = pending && !pending.used ? pending : undefined
      // A style that only renames another (custom-styles.ts `derived`) indents and boxes as that one.
      const styleBase = state.customStyles.baseOf(style) ?? style
      if (token) {
        token.used = true
        if (token.prefix.length > 0) properties.children = [...marks, ...token.prefix, ...children]
      }
      const numbering = token?.numbering
      if (numbering && token) {
        const { reference, instance, level } = numbering
        properties.numbering = { reference, instance, level, custom: true }
        // The list definition indents level n by 720·(n+1); only write an indent where the
        // paragraph sits elsewhere (inside a quote), so restyling the list in Word still works.
        const left = token.indent + LIST_INDENT
        if (left !== LIST_INDENT * (level + 1) && !properties.indent) properties.indent = { left, hanging: LIST_HANGING }
      } else if (!properties.indent && context.indent !== (STYLE_INDENT[styleBase] ?? 0)) {
        properties.indent = { left: context.indent }
      }
      // A list item or code block inside a callout keeps its style and takes the callout's box.
      if (context.callout && !isCalloutStyle(styleBase) && !properties.border) Object.assign(properties, calloutFrame(context.callout, style !== 'SourceCode'))
      // Inside a CriticMarkup change, or its own break tracked (changes.ts).
      if (context.change || mark) Object.assign(properties, trackedParagraph(state, context.change, mark, properties.children ?? []))
      return paragraphOf(properties)
    },

    text(value, context, node) {
      const { text, replaced } = xmlSafe(value)
      if (replaced > 0) {
        state.warn(node, `${replaced} character${replaced === 1 ? '' : 's'} that Word cannot store (control characters or broken surrogates) became U+FFFD`, 'invalid-character')
      }
      if (text.length === 0) return []
      // Runs of RTL script are marked w:rtl, Latin runs inside them not (see rtl.ts).
      return directionalSegments(text).map((segment) => formattedRun(segment.text, segment.rtl ? { ...context.run, rtl: true } : context.run))
    },

    warn(node, reason, ruleId) {
      file.message(reason, { place: node?.position, ruleId, source: 'markdocx' })
    },

    info(node, reason, ruleId) {
      file.info(reason, { place: node?.position, ruleId, source: 'markdocx' })
    },
  }

  /** One child's blocks onto `out`: its stray inline content (from custom handlers) wrapped in a paragraph. */
  function appendBlocks(out: Block[], child: RootContent, context: Context, parent: Parents): void {
    let strayInline: ParagraphChild[] = []
    for (const result of state.one(child, context, parent)) {
      if (isBlock(result)) {
        if (strayInline.length > 0) out.push(state.paragraph(context, strayInline))
        strayInline = []
        out.push(result)
      } else if (result instanceof TableRow || result instanceof TableCell) {
        // Table parts outside a table: only a custom handler can produce them; keep their place.
        state.warn(child, 'A table row or cell appeared outside a table and was left out', 'table-part-outside-table')
      } else {
        strayInline.push(result)
      }
    }
    if (strayInline.length > 0) out.push(state.paragraph(context, strayInline))
  }
  return state
}

const NOT_DRAWN: DiagramResult = { ok: false, error: 'it was not drawn before converting (see resolveDiagrams)', unavailable: true }

export function isBlock(output: Output): output is Block {
  // Paragraphs, tables and block content controls (the table of contents).
  return output instanceof FileChild
}

/** Nodes no handler knows: their content is kept (as blocks or text), with a message. */
const unknownHandler: Handler<Node> = (state, node, context, parent) => {
  state.warn(node, `Unknown node type "${node.type}"; its content was kept as plain content`, 'unknown-node')
  if ('children' in node && Array.isArray(node.children)) {
    const asParent = node as unknown as Parents
    return isPhrasingParent(parent) ? state.inlines(asParent, context) : state.blocks(asParent, context)
  }
  if ('value' in node && typeof node.value === 'string') return state.text(node.value, context, node)
  return []
}

function isPhrasingParent(parent: Parents | undefined): boolean {
  if (!parent) return false
  return parent.type === 'paragraph' || parent.type === 'heading' || parent.type === 'tableCell' || parent.type === 'emphasis' || parent.type === 'strong' || parent.type === 'delete' || parent.type === 'link' || parent.type === 'linkReference'
}

/**
 * One pass over the tree before compiling: link and footnote definitions (the first of each
 * label wins, as in CommonMark) and headings. (walk.ts is iterative: trees can nest thousands deep.)
 */
function collect(
  tree: Root,
  definitions: Map<string, Definition>,
  footnotes: Map<string, FootnoteDefinition>,
  headings: Heading[],
  file: VFile,
): void {
  walk(tree, (visited) => {
    const node = visited as Nodes
    if (node.type === 'definition') {
      const id = normalizeIdentifier(node.identifier)
      if (!definitions.has(id)) definitions.set(id, node)
    } else if (node.type === 'footnoteDefinition') {
      const id = normalizeIdentifier(node.identifier)
      if (footnotes.has(id)) {
        file.message(`Footnote [^${node.label ?? node.identifier}] is defined twice; the first definition is used`, {
          place: node.position,
          ruleId: 'footnote-duplicate',
          source: 'markdocx',
        })
      } else footnotes.set(id, node)
    } else if (node.type === 'heading') headings.push(node)
  })
}
