/**
 * Word tracked changes (`w:ins`, `w:del`) for CriticMarkup insertions and deletions.
 *
 * docx's InsertedTextRun and DeletedTextRun wrap one run made from run options; a change in
 * Markdown holds whatever inline content was compiled — text runs in any format, links,
 * footnote references, images, math, comment anchors. So the compiled content is wrapped
 * here instead: consecutive runs in one `w:ins`/`w:del`, and a hyperlink (which a change may
 * not hold) with the change moved inside it, around its runs, as Word writes it. In a
 * deletion, text is `w:delText` and field codes `w:delInstrText`. A change inside a change of
 * the other kind is text inserted and then deleted: `w:ins` around `w:del`, as Word nests them.
 * Equations stay outside changes (see `tracked`).
 *
 * Author and date are the comments': the front matter's first author (else "markdocx") and
 * its date, or none — never the clock. Ids come from the comments' counter, so no two
 * annotations share one.
 */
import { BaseXmlComponent, ConcreteHyperlink, XmlAttributeComponent, XmlComponent, type IContext, type IXmlableObject, type ParagraphChild } from 'docx'
import type { Node } from 'unist'
import type { ChangeKind } from '../mdast/nodes.js'
import { walk } from '../mdast/walk.js'
import { annotationDate, DEFAULT_COMMENT_AUTHOR } from './comments.js'
import { asParagraphChild } from './ooxml/docx-adapter.js'
import type { State } from './state.js'
import { append } from '../util/append.js'

/** `w:id`, `w:author` and `w:date` of one change (the paragraph-mark form is docx's own option). */
export interface ChangeStamp {
  readonly id: number
  readonly author: string
  readonly date: string
}

class ChangeAttributes extends XmlAttributeComponent<{ id: number; author: string; date: string | undefined }> {
  protected override readonly xmlKeys = { id: 'w:id', author: 'w:author', date: 'w:date' }
}

/** The next change's stamp. */
export function changeStamp(state: State): ChangeStamp {
  const date = annotationDate(state.metadata.date)
  // docx leaves out attributes whose value is undefined: an undated change has no w:date.
  return { id: state.comments.next(), author: state.metadata.authors[0] ?? DEFAULT_COMMENT_AUTHOR, date: (date ? date.toISOString().replace(/\.000Z$/, 'Z') : undefined) as string }
}

/** Run content wrapped in one `w:ins` or `w:del`. */
class TrackedRuns extends XmlComponent {
  constructor(
    readonly kind: ChangeKind,
    readonly stamp: ChangeStamp,
    readonly content: readonly ParagraphChild[],
  ) {
    super(kind === 'insertion' ? 'w:ins' : 'w:del')
    this.root.push(new ChangeAttributes({ id: stamp.id, author: stamp.author, date: stamp.date }))
    for (const child of content) this.root.push(child as unknown as BaseXmlComponent)
  }

  override prepForXml(context: IContext): IXmlableObject | undefined {
    const written = super.prepForXml(context)
    return written && this.kind === 'deletion' ? (asDeleted(written) as IXmlableObject) : written
  }
}

/** A hyperlink whose runs are wrapped in a change (a change may not hold a hyperlink; a hyperlink may hold a change). */
class TrackedHyperlink extends BaseXmlComponent {
  constructor(
    private readonly link: BaseXmlComponent,
    private readonly kind: ChangeKind,
    private readonly stamp: ChangeStamp,
  ) {
    super('w:hyperlink')
  }

  override prepForXml(context: IContext): IXmlableObject | undefined {
    const written = this.link.prepForXml(context) as Record<string, unknown> | undefined
    const inside = written?.['w:hyperlink']
    if (!written || inside === undefined) return written as IXmlableObject | undefined
    const parts = Array.isArray(inside) ? inside : [inside]
    const attributes = parts.filter((part) => isObject(part) && '_attr' in part)
    const runs = parts.filter((part) => !(isObject(part) && '_attr' in part))
    if (runs.length === 0) return written as IXmlableObject
    const change = { [this.kind === 'insertion' ? 'w:ins' : 'w:del']: [{ _attr: attributesOf(this.stamp) }, ...runs] }
    return { 'w:hyperlink': [...attributes, this.kind === 'deletion' ? asDeleted(change) : change] } as IXmlableObject
  }
}

/**
 * `children` as a change of `kind`: runs grouped in `w:ins`/`w:del` elements, hyperlinks
 * with the change inside them. `stamp` gives each element its own id.
 */
export function tracked(kind: ChangeKind, children: readonly ParagraphChild[], stamp: () => ChangeStamp): ParagraphChild[] {
  const out: ParagraphChild[] = []
  let group: ParagraphChild[] = []
  const flush = () => {
    if (group.length > 0) out.push(asParagraphChild(new TrackedRuns(kind, stamp(), group)))
    group = []
  }
  for (const child of children) {
    const component = child as unknown as BaseXmlComponent
    if (isEquation(component)) {
      // pandoc drops an equation inside a change, accepting or rejecting, and LibreOffice
      // does not track one: it stays outside, in both versions (critic-math-untracked).
      flush()
      out.push(child)
    } else if (component instanceof ConcreteHyperlink || component instanceof TrackedHyperlink) {
      flush()
      out.push(asParagraphChild(new TrackedHyperlink(component, kind, stamp())))
    } else if (component instanceof TrackedRuns && component.kind === kind) {
      // Already this change (a change of the same kind inside it): its content joins the group.
      append(group, component.content)
    } else if (component instanceof TrackedRuns && kind === 'deletion') {
      // Inserted text inside a deletion: inserted, then deleted — the insertion outside, as Word nests them.
      flush()
      out.push(asParagraphChild(new TrackedRuns('insertion', component.stamp, [asParagraphChild(new TrackedRuns('deletion', stamp(), component.content))])))
    } else group.push(child)
  }
  flush()
  return out
}

/** An equation (`m:oMath`, `m:oMathPara`, made by math/component.ts). */
function isEquation(component: BaseXmlComponent): boolean {
  const key = (component as unknown as { rootKey?: unknown }).rootKey
  return typeof key === 'string' && key.startsWith('m:oMath')
}

/** Whether a change holds math, which stays untracked in Word (see `tracked`). */
export function holdsMath(node: Node): boolean {
  let found = false
  walk(node, (inner) => {
    if (inner.type === 'inlineMath' || inner.type === 'math') found = true
    return !found
  })
  return found
}

function attributesOf(stamp: ChangeStamp): Record<string, string | number> {
  return { 'w:id': stamp.id, 'w:author': stamp.author, ...(stamp.date ? { 'w:date': stamp.date } : {}) }
}

const DELETED: Record<string, string> = { 'w:t': 'w:delText', 'w:instrText': 'w:delInstrText' }

/** Written XML with its text as deleted text (`w:t` → `w:delText`, field codes likewise). */
function asDeleted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asDeleted)
  if (!isObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[DELETED[key] ?? key] = key === '_attr' ? inner : asDeleted(inner)
  return out
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Two changes on one thing: one kind, or `both` (inserted, then deleted). */
export function combine(a: ChangeKind | 'both' | undefined, b: ChangeKind | 'both' | undefined): ChangeKind | 'both' | undefined {
  return !a ? b : !b || a === b ? a : 'both'
}

/**
 * A paragraph's children and mark options where changes apply: `context` (whole blocks in a
 * change: runs and mark) and `mark` (the paragraph's own mark, from `criticMark`).
 */
export function trackedParagraph(state: State, context: ChangeKind | 'both' | undefined, mark: ChangeKind | undefined, children: readonly ParagraphChild[]): { children: ParagraphChild[]; run?: { insertion?: ChangeStamp; deletion?: ChangeStamp } } {
  const stamp = () => changeStamp(state)
  let runs = [...children]
  if (context === 'deletion' || context === 'both') runs = tracked('deletion', runs, stamp)
  if (context === 'insertion' || context === 'both') runs = tracked('insertion', runs, stamp)
  const kind = combine(context, mark)
  if (!kind) return { children: runs }
  return { children: runs, run: { ...(kind !== 'deletion' ? { insertion: stamp() } : {}), ...(kind !== 'insertion' ? { deletion: stamp() } : {}) } }
}

/** Table row properties for a row inside a change (`w:trPr/w:ins`, `w:del`). */
export function trackedRow(state: State, context: ChangeKind | 'both' | undefined): { insertion?: ChangeStamp; deletion?: ChangeStamp } {
  if (!context) return {}
  return { ...(context !== 'deletion' ? { insertion: changeStamp(state) } : {}), ...(context !== 'insertion' ? { deletion: changeStamp(state) } : {}) }
}
