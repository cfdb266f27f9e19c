/**
 * Paragraphs whose properties (`w:pPr`) are prepared once per distinct set of options.
 *
 * docx's ParagraphProperties rebuilds its object tree on every write — for a list item a new
 * NumberProperties with its level and id components, then a walk over all of them — although
 * a document has only a few dozen distinct sets (Body Text; Compact at level n of list m…).
 * On a list of 40 000 items that was about 30 µs a paragraph, an eighth of writing the file,
 * and much of its garbage. Here the first paragraph of a set is written by docx as usual, and
 * its `w:pPr` object is kept for its part (a part's context: document, footnotes, comments);
 * later paragraphs of the same set hand the packer that same object. The XML is docx's own,
 * byte for byte (tests/docx/shared-paragraph-properties.test.ts).
 *
 * Only options that are plain data and write the same properties wherever they stand are
 * shared (PLAIN_OPTIONS); numbering only with its instance given (without one, docx reads the
 * list restarts of the paragraphs before). A paragraph that ends a section carries that
 * section's properties inside its own for one write: it is written by docx alone.
 */
import { BaseXmlComponent, elementOf, Paragraph, ParagraphProperties, type IContext, type IParagraphOptions, type IXmlableObject } from 'docx'
import { LONG_ELEMENT_CHILDREN, preparedChildren, type ChildByChild, type WritableChildByChild } from './child-by-child.js'

/** Paragraph options whose JSON says all the properties they write. */
const PLAIN_OPTIONS: ReadonlySet<string> = new Set([
  'style',
  'numbering',
  'indent',
  'spacing',
  'keepNext',
  'keepLines',
  'alignment',
  'bidirectional',
  'contextualSpacing',
  'outlineLevel',
  'pageBreakBefore',
  'widowControl',
  'shading',
  'border',
  'thematicBreak',
])

/** A written `w:pPr`, handed to the packer as it is. */
class PreparedProperties extends BaseXmlComponent {
  constructor(private readonly written: IXmlableObject) {
    super('w:pPr')
  }

  override prepForXml(): IXmlableObject {
    return this.written
  }
}

/** Per part (docx's view wrapper): the properties written for each key; null where they cannot be shared. */
const writtenByPart = new WeakMap<object, Map<string, PreparedProperties | null>>()

/**
 * The paragraphs the compiler makes (state.ts): docx's, with their properties shared where they
 * can be (`key`), and written child by child in a streamed body when long (child-by-child.ts).
 */
export class MarkdocxParagraph extends Paragraph implements WritableChildByChild {
  private sectioned = false

  constructor(
    options: IParagraphOptions,
    private readonly key: string | undefined,
  ) {
    super(options)
  }

  /**
   * For a streamed body: a paragraph of over LONG_ELEMENT_CHILDREN children, child by child
   * (child-by-child.ts); undefined when it is written whole (short, ending a section, holding a
   * link docx turns into another component when written).
   */
  childByChild(context: IContext): ChildByChild | undefined {
    if (this.sectioned || this.root.length <= LONG_ELEMENT_CHILDREN) return undefined
    if (this.root.some((element) => elementOf(element) === 'w:externalHyperlink')) return undefined
    return { name: 'w:p', children: preparedChildren(this, this.root, context) }
  }

  override addSectionProperties(...args: Parameters<Paragraph['addSectionProperties']>): void {
    this.sectioned = true
    super.addSectionProperties(...args)
  }

  override removeSectionProperties(...args: Parameters<Paragraph['removeSectionProperties']>): void {
    super.removeSectionProperties(...args)
    this.sectioned = false
  }

  override prepForXml(context: IContext): IXmlableObject | undefined {
    // docx's Paragraph puts its properties first in its children.
    const properties: unknown = this.root[0]
    if (this.key === undefined || this.sectioned || !(properties instanceof ParagraphProperties)) return super.prepForXml(context)
    let written = writtenByPart.get(context.viewWrapper)
    if (!written) {
      written = new Map()
      writtenByPart.set(context.viewWrapper, written)
    }
    const key = this.key
    const shared = written.get(key)
    if (shared === undefined) {
      const result = super.prepForXml(context)
      const first = firstChildOf(result)
      written.set(key, first && 'w:pPr' in first ? new PreparedProperties(first) : null)
      return result
    }
    if (shared === null) return super.prepForXml(context)
    this.root[0] = shared
    try {
      return super.prepForXml(context)
    } finally {
      this.root[0] = properties
    }
  }
}

/** A paragraph with `options`: one that shares its written properties where they are plain data. */
export function paragraphOf(options: IParagraphOptions): Paragraph {
  return new MarkdocxParagraph(options, sharingKey(options))
}

/** The JSON of the options that make the properties, or undefined when one of them is not plain data. */
function sharingKey(options: IParagraphOptions): string | undefined {
  const picked: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(options)) {
    if (name === 'children' || value === undefined) continue
    if (!PLAIN_OPTIONS.has(name)) return undefined
    picked[name] = value
  }
  if (options.numbering && options.numbering.instance === undefined) return undefined
  return JSON.stringify(picked)
}

function firstChildOf(written: IXmlableObject | undefined): IXmlableObject | undefined {
  const children: unknown = written?.['w:p']
  const first: unknown = Array.isArray(children) ? children[0] : undefined
  return typeof first === 'object' && first !== null ? (first as IXmlableObject) : undefined
}
