/**
 * CriticMarkup changes across blocks, and the paragraph marks they move.
 *
 * CriticMarkup is a layer over the text, so `{++` … blank line … `++}` inserts paragraph
 * breaks as well as text. Among the blocks of one container (the document, a quote, a list
 * item), an opener left unpaired in a paragraph or heading pairs with the next closer left
 * unpaired in a later one: the text after the opener and before the closer become inline
 * changes, the whole blocks between become a `criticChangeBlock`, and a block holding nothing
 * but a marker goes (the marker was only a fence).
 *
 * Word tracks a paragraph break as the paragraph's mark (`w:pPr/w:rPr/w:ins`): accepting or
 * rejecting a deleted or inserted mark joins the paragraph to the next. So each paragraph's
 * mark is worked out from what the old and the new text are — each with the changes
 * rejected or accepted, read as Markdown again — so that Word's accept-all and reject-all
 * give the same paragraphs: a paragraph has a mark in a version when it has text there and
 * a blank line separates it there from the next paragraph with text
 * (`criticMark: 'insertion'` when only in the new, `'deletion'` when only in the old). This
 * also makes a paragraph that is all inserted (`{++New paragraph.++}`) go whole on rejecting.
 */
import type { Heading, Nodes, Paragraph, PhrasingContent, RootContent } from 'mdast'
import type { Position } from 'unist'
import type { ChangeKind, CriticChangeBlock, CriticSpanData } from '../../mdast/nodes.js'
import { change, join, type Item, type MarkerItem } from './critic-items.js'
import { append } from '../../util/append.js'

export type PhrasingBlock = Paragraph | Heading

export function isPhrasingBlock(node: Nodes): node is PhrasingBlock {
  return node.type === 'paragraph' || node.type === 'heading'
}

interface At {
  block: number
  item: number
}

/** One change between two markers: a substitution is two, its deletion ending and its insertion starting at `~>`. */
interface Subspan {
  kind: ChangeKind
  from: At
  to: At
}

type Opener = '{++' | '{--' | '{~~'

export interface Spanned {
  children: RootContent[]
  /** The final items of each phrasing block that had markers (unpaired markers still markers). */
  items: Map<PhrasingBlock, Item[]>
}

/**
 * Pairs the unpaired change markers of `children` across blocks and works out paragraph
 * marks; `itemsOf` holds the items (paired within each block already) of the phrasing blocks
 * that have markers. Linear in the children and their items.
 */
export function spanBlocks(children: RootContent[], itemsOf: Map<PhrasingBlock, Item[]>): Spanned {
  const itemsAt = (b: number): Item[] | undefined => {
    const child = children[b]!
    return isPhrasingBlock(child) ? itemsOf.get(child) : undefined
  }
  const { subspans, open } = scan(children.length, itemsAt)
  const n = children.length
  const wraps = new Map<number, Wrap[]>()
  const consumed = new Map<number, Set<number>>()
  /** Blocks wholly inside a change (by kind). */
  const middle: Array<ChangeKind | undefined> = new Array(n)
  /** The blank line after block b lies inside a change of this kind. */
  const separator: Array<ChangeKind | undefined> = new Array(n)
  const touched = new Map<number, CriticSpanData['criticSpan']>()
  const marker = (at: At) => itemsAt(at.block)![at.item] as MarkerItem
  const addWrap = (block: number, from: number, to: number, kind: ChangeKind, start?: MarkerItem, end?: MarkerItem) => {
    if (!wraps.has(block)) wraps.set(block, [])
    wraps.get(block)!.push({ from, to, kind, start, end })
  }
  const consume = (at: At) => {
    if (!consumed.has(at.block)) consumed.set(at.block, new Set())
    consumed.get(at.block)!.add(at.item)
  }
  const touch = (block: number, how: 'start' | 'end') => {
    const before = touched.get(block)
    touched.set(block, before && before !== how ? 'both' : how)
  }
  for (const { kind, from, to } of subspans) {
    consume(from)
    consume(to)
    const opener = marker(from)
    const closer = marker(to)
    if (from.block === to.block) {
      addWrap(from.block, from.item + 1, to.item, kind, opener, closer)
      continue
    }
    addWrap(from.block, from.item + 1, itemsAt(from.block)!.length, kind, opener)
    addWrap(to.block, 0, to.item, kind, undefined, closer)
    touch(from.block, 'start')
    touch(to.block, 'end')
    for (let b = from.block; b < to.block; b++) separator[b] = kind
    for (let b = from.block + 1; b < to.block; b++) middle[b] = kind
  }

  const items = new Map<PhrasingBlock, Item[]>()
  for (const [child, list] of itemsOf) items.set(child, list)
  for (let b = 0; b < n; b++) {
    const child = children[b]!
    const list = itemsAt(b)
    if (!list || !isPhrasingBlock(child) || (!wraps.has(b) && !consumed.has(b))) continue
    items.set(child, rebuild(list, wraps.get(b) ?? [], consumed.get(b) ?? new Set()))
  }

  // What each block holds in the old text (changes rejected) and the new (accepted).
  const old: boolean[] = new Array(n)
  const neu: boolean[] = new Array(n)
  const removed: boolean[] = new Array(n)
  let anyChange = subspans.length > 0
  for (let b = 0; b < n; b++) {
    const child = children[b]!
    if (middle[b]) {
      old[b] = middle[b] === 'deletion'
      neu[b] = middle[b] === 'insertion'
    } else if (isPhrasingBlock(child)) {
      const list = items.get(child)
      const content = contentOf(list ? list.map((item) => (item.kind === 'node' ? item.node : undefined)) : child.children)
      old[b] = content.old
      neu[b] = content.new
      if (content.changed) anyChange = true
      // A block that held only a marker of a change spanning blocks was a fence: it goes.
      removed[b] = consumed.has(b) && !content.old && !content.new
    } else {
      old[b] = true
      neu[b] = true
    }
  }
  if (!anyChange) {
    if (open) flag(children[open.block]!, { criticOpen: true })
    return { children, items }
  }

  // From the end: whether a blank line separates block b from the next block with text, in each version.
  const markOld: boolean[] = new Array(n)
  const markNew: boolean[] = new Array(n)
  // `after…`: a blank line of that version follows the block before any text does (the end
  // of the container counts as one).
  let afterOld = true
  let afterNew = true
  for (let b = n - 1; b >= 0; b--) {
    markOld[b] = separator[b] !== 'insertion' || afterOld
    markNew[b] = separator[b] !== 'deletion' || afterNew
    afterOld = old[b] ? false : markOld[b]!
    afterNew = neu[b] ? false : markNew[b]!
  }

  for (let b = 0; b < n; b++) {
    const child = children[b]!
    if (removed[b] || middle[b] || !isPhrasingBlock(child)) continue
    const inOld = old[b]! && markOld[b]!
    const inNew = neu[b]! && markNew[b]!
    // Text in one version only, yet joined there to the next paragraph (`{--x--}{++` ¶ `++}y`):
    // Word cannot join it without moving it into that paragraph; the mark follows its text.
    const mark: ChangeKind | undefined = inOld && inNew ? undefined : inOld ? 'deletion' : inNew ? 'insertion' : old[b] && !neu[b] ? 'deletion' : neu[b] && !old[b] ? 'insertion' : undefined
    const span = touched.get(b)
    if (mark || span) flag(child, { ...(mark ? { criticMark: mark } : {}), ...(span ? { criticSpan: span } : {}) })
  }
  if (open && !removed[open.block]) flag(children[open.block]!, { criticOpen: true })

  const out: RootContent[] = []
  for (let b = 0; b < n; b++) {
    if (removed[b]) continue
    const kind = middle[b]
    if (!kind) {
      out.push(children[b]!)
      continue
    }
    let end = b
    while (end + 1 < n && middle[end + 1] === kind) end++
    const inner = children.slice(b, end + 1).filter((_, index) => !removed[b + index]) as CriticChangeBlock['children']
    out.push(changeBlock(kind, inner))
    b = end
  }
  return { children: out, items }
}

/** The cross-block changes among the unpaired markers, in order, and an opener still waiting at the end. */
function scan(n: number, itemsAt: (b: number) => Item[] | undefined): { subspans: Subspan[]; open: At | undefined } {
  const subspans: Subspan[] = []
  let open: { opener: Opener; at: At; arrow?: At } | undefined
  for (let block = 0; block < n; block++) {
    const list = itemsAt(block)
    if (!list) continue
    for (let item = 0; item < list.length; item++) {
      const entry = list[item]!
      if (entry.kind !== 'marker') continue
      const at = { block, item }
      switch (entry.marker) {
        case '{++':
        case '{--':
        case '{~~':
          open = { opener: entry.marker, at }
          break
        case '++}':
        case '--}':
          if (open?.opener === (entry.marker === '++}' ? '{++' : '{--')) {
            subspans.push({ kind: entry.marker === '++}' ? 'insertion' : 'deletion', from: open.at, to: at })
            open = undefined
          }
          break
        case '~>':
          if (open?.opener === '{~~' && !open.arrow) open.arrow = at
          break
        case '~~}':
          if (open?.opener === '{~~' && open.arrow) {
            subspans.push({ kind: 'deletion', from: open.at, to: open.arrow }, { kind: 'insertion', from: open.arrow, to: at })
            open = undefined
          }
          break
      }
    }
  }
  return { subspans, open: open?.at }
}

type Wrap = { from: number; to: number; kind: ChangeKind; start?: MarkerItem | undefined; end?: MarkerItem | undefined }

/** A block's items with its changes made into nodes and its paired markers gone. */
function rebuild(items: Item[], wraps: Wrap[], consumed: Set<number>): Item[] {
  const replaced = edgeSpaces(items, wraps)
  const out: Item[] = []
  const keep = (index: number) => {
    if (!consumed.has(index)) append(out, replaced.get(index) ?? [items[index]!])
  }
  let index = 0
  for (const wrap of [...wraps].sort((x, y) => x.from - y.from)) {
    for (; index < wrap.from && index < items.length; index++) keep(index)
    const inner = items.slice(wrap.from, wrap.to)
    // A change opened at the very end of its block holds nothing here.
    const node = change(wrap.kind, join(inner), positionOf(inner, wrap.start, wrap.end))
    if (node) out.push({ kind: 'node', node })
    index = Math.max(index, wrap.to)
  }
  for (; index < items.length; index++) keep(index)
  return out
}

/**
 * The space that joins two paragraphs when their break is undone: `one.{++` ¶ `++} Two` —
 * rejecting gives "one. Two", accepting "Two" alone, where Markdown drops the space. So a
 * space right after a closer that starts its block, or right before an opener that ends
 * its block, is a change of the other kind: deleted where the break is inserted, inserted
 * where it is deleted.
 */
function edgeSpaces(items: Item[], wraps: Wrap[]): Map<number, Item[]> {
  const replaced = new Map<number, Item[]>()
  const opposite = (kind: ChangeKind): ChangeKind => (kind === 'insertion' ? 'deletion' : 'insertion')
  for (const wrap of wraps) {
    const empty = items.slice(wrap.from, wrap.to).every((item) => item.kind === 'node' && !visible(item.node))
    if (!empty) continue
    if (wrap.start && !wrap.end) {
      // A change from the end of this block on: the space before its opener.
      const before = items[wrap.from - 2]
      const space = before?.kind === 'node' && before.node.type === 'text' ? /\s+$/.exec(before.node.value)?.[0] : undefined
      if (before?.kind === 'node' && before.node.type === 'text' && space && space.length < before.node.value.length) {
        const node = change(opposite(wrap.kind), [{ ...before.node, value: space }], before.node.position)
        replaced.set(wrap.from - 2, [{ kind: 'node', node: { ...before.node, value: before.node.value.slice(0, -space.length) } }, ...(node ? [{ kind: 'node' as const, node }] : [])])
      }
    } else if (wrap.end && !wrap.start) {
      // A change up to the start of this block: the space after its closer.
      const after = items[wrap.to + 1]
      const space = after?.kind === 'node' && after.node.type === 'text' ? /^\s+/.exec(after.node.value)?.[0] : undefined
      if (after?.kind === 'node' && after.node.type === 'text' && space && space.length < after.node.value.length) {
        const node = change(opposite(wrap.kind), [{ ...after.node, value: space }], after.node.position)
        replaced.set(wrap.to + 1, [...(node ? [{ kind: 'node' as const, node }] : []), { kind: 'node', node: { ...after.node, value: after.node.value.slice(space.length) } }])
      }
    }
  }
  return replaced
}

/** From the opener (or the first item) to the closer (or the last item); a substitution's `~>` ends its deletion where it starts. */
function positionOf(inner: Item[], start: MarkerItem | undefined, end: MarkerItem | undefined): Position | undefined {
  const first = start?.position?.start ?? placeOf(inner[0])?.start
  const last = end?.position ? (end.marker === '~>' && start?.marker !== '~>' ? end.position.start : end.position.end) : placeOf(inner[inner.length - 1])?.end
  return first && last ? { start: first, end: last } : undefined
}

function placeOf(item: Item | undefined): Position | undefined {
  return item ? (item.kind === 'node' ? item.node.position : item.position) : undefined
}

/** Whether a block's content has text in the old and the new version, and whether it holds a change. */
function contentOf(nodes: ReadonlyArray<PhrasingContent | undefined>): { old: boolean; new: boolean; changed: boolean } {
  let old = false
  let neu = false
  let changed = false
  for (const node of nodes) {
    // An unpaired marker (undefined here) is text in both versions.
    if (!node) {
      old = neu = true
      continue
    }
    if (node.type === 'criticInsertion' || node.type === 'criticDeletion') {
      changed = true
      if (node.children.some(visible)) {
        if (node.type === 'criticInsertion') neu = true
        else old = true
      }
    } else if (visible(node)) old = neu = true
  }
  return { old, new: neu, changed }
}

/** Not only white space (one level deep: emphasis holding only spaces counts as text, which is harmless). */
function visible(node: PhrasingContent): boolean {
  return node.type !== 'text' || node.value.trim() !== ''
}

function flag(node: RootContent, data: CriticSpanData): void {
  if (!isPhrasingBlock(node)) return
  const before = node.data?.hProperties?.className
  const classes = Array.isArray(before) ? before.map(String) : typeof before === 'string' ? [before] : []
  if (data.criticMark) classes.push(`critic-mark-${data.criticMark}`)
  const hProperties = classes.length > 0 ? { ...node.data?.hProperties, className: classes } : node.data?.hProperties
  node.data = { ...node.data, ...data, ...(hProperties ? { hProperties } : {}) }
}

function changeBlock(kind: ChangeKind, children: CriticChangeBlock['children']): CriticChangeBlock {
  const start = children[0]?.position?.start
  const end = children[children.length - 1]?.position?.end
  const className = [kind === 'insertion' ? 'critic-insertion' : 'critic-deletion', 'critic-block']
  return {
    type: 'criticChangeBlock',
    change: kind,
    children,
    data: { hName: kind === 'insertion' ? 'ins' : 'del', hProperties: { className } },
    ...(start && end ? { position: { start, end } } : {}),
  }
}
