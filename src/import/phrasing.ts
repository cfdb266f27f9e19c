/**
 * Inline content in one canonical shape, with Word's review marks as CriticMarkup.
 *
 * Word keeps formatting per run, so mammoth's HTML nests it by accident: `*a **b** c*` comes back
 * as `<em>a </em><strong><em>b</em></strong><em> c</em>`. Here a block's inline content is
 * flattened into leaves (text, code, images, breaks…) each with the set of marks over it
 * (emphasis, strong, strikethrough, link, super/subscript, span, highlight, and the tracked
 * changes and comment ranges the pre-pass marked), and rebuilt: at each point the mark whose
 * run goes furthest opens first (ties: review marks, links, emphasis, strong…), so a mark is
 * never cut in two when it need not be and the same content always gets the same tree — the
 * round-trip test applies this same rebuild to the parsed original. Spaces at the edges of
 * emphasis, strong and strikethrough move outside them (`**bold **x` is not Markdown).
 *
 * Review marks come out as CriticMarkup: an insertion `{++…++}`, a deletion `{--…--}`, a
 * deletion right before an insertion `{~~old~>new~~}`, a comment `{==range==}{>>text<<}` (or a
 * lone `{>>text<<}` where its range is empty) — written as raw leaves around their content,
 * since the CriticMarkup syntax is read from text.
 */
import type { Html, Nodes, Parent, PhrasingContent, Text } from 'mdast'
import type { BracketedSpan, CriticComment, CriticHighlight, Subscript, Superscript } from '../mdast/nodes.js'
import type { Marker } from './markers.js'
import { append } from '../util/append.js'

interface Mark {
  /** Marks with the same key are one run (two adjacent bold runs are one bold run). */
  key: string
  priority: number
  make: (children: PhrasingContent[]) => PhrasingContent | PhrasingContent[]
  /** Spaces at its edges move out (emphasis, strong, strikethrough, scripts). */
  trims: boolean
}

interface Leaf {
  node: PhrasingContent
  marks: Mark[]
}

/** What the pass is told about the markers in the tree and the document's comments. */
export interface PhrasingContext {
  markerOf(node: Nodes): Marker | undefined
  /** A comment's text (canonicalised already), or undefined when the document lacks it. */
  comment(id: string): PhrasingContent[] | undefined
  /** Comments already written (a comment goes where its range ends, once). */
  placed: Set<string>
}

const PRIORITY = { review: 0, link: 1, emphasis: 2, strong: 3, delete: 4, superscript: 5, subscript: 6, span: 7, mark: 8 } as const

/** Rewrites `parent.children` (inline content) in the canonical shape. */
export function canonicalPhrasing(parent: Parent, context: PhrasingContext): void {
  const leaves = flatten(parent.children as PhrasingContent[], context)
  const trimmed = trimEdges(leaves)
  const built = realise(build(trimmed, 0, trimmed.length, new Set()))
  ;(parent as { children: PhrasingContent[] }).children = mergeText(built)
}

function flatten(children: PhrasingContent[], context: PhrasingContext): Leaf[] {
  const leaves: Leaf[] = []
  // Review state as the markers go by, in document order whatever the nesting.
  let inserted = false
  let deleted = false
  const ranges = new Map<string, Mark>()
  const rangeLeaves = new Map<string, number>()
  const references: Array<{ id: string; at: number; review: Mark | undefined }> = []
  const insertMark = reviewMark('ins')
  const deleteMark = reviewMark('del')

  const visit = (nodes: PhrasingContent[], marks: Mark[]) => {
    for (const node of nodes) {
      const found = context.markerOf(node)
      if (found) {
        switch (found.kind) {
          case 'i':
            inserted = true
            break
          case 'I':
            inserted = false
            break
          case 'd':
            deleted = true
            break
          case 'D':
            deleted = false
            break
          case 's':
            if (!ranges.has(found.payload)) {
              ranges.set(found.payload, commentMark(found.payload))
              rangeLeaves.set(found.payload, -1)
            }
            break
          case 'e':
            ranges.delete(found.payload)
            break
          case 'c':
            // Inside a change (Word writes the reference's run there), the comment is part of it.
            references.push({ id: found.payload, at: leaves.length, review: deleted ? deleteMark : inserted ? insertMark : undefined })
            break
          default:
            // Markers the block passes still read (a caption's number, a checkbox) stay as leaves.
            leaves.push({ node, marks: [] })
        }
        continue
      }
      const own = markOf(node)
      if (own) {
        visit((node as Parent).children as PhrasingContent[], [...marks, own])
        continue
      }
      const review: Mark[] = []
      if (deleted) review.push(deleteMark)
      else if (inserted) review.push(insertMark)
      for (const [id, mark] of ranges) {
        review.push(mark)
        rangeLeaves.set(id, leaves.length)
      }
      leaves.push({ node, marks: [...review, ...marks] })
    }
  }
  visit(children, [])

  // Comments: after the last leaf of their range, else at their reference; each once.
  const insertions: Array<{ at: number; id: string }> = []
  for (const [id, last] of rangeLeaves) if (last >= 0) insertions.push({ at: last + 1, id })
  for (const reference of references) {
    if (insertions.some((entry) => entry.id === reference.id)) continue
    // An empty range (`{>>…<<}` alone) or a reference whose range is elsewhere.
    insertions.push({ at: reference.at, id: reference.id })
  }
  insertions.sort((a, b) => a.at - b.at)
  for (let index = insertions.length - 1; index >= 0; index--) {
    const { at, id } = insertions[index]!
    if (context.placed.has(id)) continue
    const text = context.comment(id)
    if (text === undefined) continue
    context.placed.add(id)
    const comment: CriticComment = { type: 'criticComment', children: structuredClone(text) }
    // The comment sits in the formatting its neighbours share, so it cuts no bold run in two.
    const before = leaves[at - 1]?.marks ?? []
    const after = leaves[at]?.marks ?? []
    const shared = before.filter((mark) => mark.priority > PRIORITY.link && after.some((other) => same(other, mark)))
    // A comment made inside a change stays in it when the text before it is in it too.
    const review = references.find((reference) => reference.id === id)?.review
    if (review && before.includes(review)) shared.unshift(review)
    // A range that ended with no leaf of its own (an empty range) keeps nothing highlighted.
    leaves.splice(at, 0, { node: comment, marks: shared })
  }
  // Ranges whose comment the document lacks are highlights with nothing to say: drop the mark.
  // CriticMarkup highlights do not nest: where ranges overlap, text stays in the range that
  // began first (the later comment covers the rest), and a highlighter mark inside a range goes.
  for (const leaf of leaves) {
    let comment = false
    leaf.marks = leaf.marks.filter((mark) => {
      if (!mark.key.startsWith('comment:')) return !(mark.key === 'mark' && leaf.marks.some((other) => other.key.startsWith('comment:')))
      if (comment || !context.placed.has(mark.key.slice('comment:'.length))) return false
      comment = true
      return true
    })
  }
  return leaves
}

function reviewMark(kind: 'ins' | 'del'): Mark {
  return { key: kind, priority: PRIORITY.review, trims: false, make: (children) => ({ type: 'html', value: '', data: { review: kind, children } }) as unknown as Html }
}

function commentMark(id: string): Mark {
  return {
    key: `comment:${id}`,
    priority: PRIORITY.review,
    trims: false,
    make: (children) => {
      const node: CriticHighlight = { type: 'criticHighlight', children }
      return node
    },
  }
}

/** The mark a wrapper node stands for, or undefined for a leaf. */
function markOf(node: PhrasingContent): Mark | undefined {
  switch (node.type) {
    case 'emphasis':
      return { key: 'emphasis', priority: PRIORITY.emphasis, trims: true, make: (children) => ({ type: 'emphasis', children }) }
    case 'strong':
      return { key: 'strong', priority: PRIORITY.strong, trims: true, make: (children) => ({ type: 'strong', children }) }
    case 'delete':
      return { key: 'delete', priority: PRIORITY.delete, trims: true, make: (children) => ({ type: 'delete', children }) }
    case 'link': {
      const { url, title } = node
      return { key: `link\u0000${url}\u0000${title ?? ''}`, priority: PRIORITY.link, trims: false, make: (children) => ({ type: 'link', url, title: title ?? null, children }) }
    }
    case 'superscript':
    case 'subscript': {
      const type = node.type
      return { key: type, priority: PRIORITY[type], trims: true, make: (children) => ({ type, children }) as Superscript | Subscript }
    }
    case 'bracketedSpan': {
      const data = node.data
      if (!data?.attributes || data.attributes.id !== undefined) return undefined
      const attributes = data.attributes
      return { key: `span\u0000${JSON.stringify(attributes)}`, priority: PRIORITY.span, trims: false, make: (children) => ({ type: 'bracketedSpan', children, data: { attributes } }) as BracketedSpan }
    }
    case 'criticHighlight':
      return { key: 'mark', priority: PRIORITY.mark, trims: false, make: (children) => ({ type: 'criticHighlight', children }) }
    default:
      return undefined
  }
}

/** Spaces at the start and end of a trimming mark's run are taken out of it. */
function trimEdges(leaves: Leaf[]): Leaf[] {
  const out: Leaf[] = []
  for (let index = 0; index < leaves.length; index++) {
    const leaf = leaves[index]!
    if (leaf.node.type !== 'text' || !leaf.marks.some((mark) => mark.trims)) {
      out.push(leaf)
      continue
    }
    const previous = leaves[index - 1]
    const next = leaves[index + 1]
    const starts = leaf.marks.filter((mark) => mark.trims && !(previous && has(previous, mark)))
    const ends = leaf.marks.filter((mark) => mark.trims && !(next && has(next, mark)))
    const value = leaf.node.value
    const lead = starts.length > 0 ? /^\s*/.exec(value)![0].length : 0
    const trail = ends.length > 0 ? /\s*$/.exec(value.slice(lead))![0].length : 0
    if (lead === 0 && trail === 0) {
      out.push(leaf)
      continue
    }
    if (lead > 0) out.push({ node: { type: 'text', value: value.slice(0, lead) }, marks: leaf.marks.filter((mark) => !starts.includes(mark)) })
    const core = value.slice(lead, value.length - trail)
    if (core !== '') out.push({ node: { type: 'text', value: core }, marks: leaf.marks })
    if (trail > 0) out.push({ node: { type: 'text', value: value.slice(value.length - trail) }, marks: leaf.marks.filter((mark) => !ends.includes(mark)) })
  }
  return out
}

function same(a: Mark, b: Mark): boolean {
  return a === b || a.key === b.key
}

function has(leaf: Leaf, mark: Mark): boolean {
  return leaf.marks.some((own) => same(own, mark))
}

function build(leaves: Leaf[], from: number, to: number, open: Set<string>): PhrasingContent[] {
  const out: PhrasingContent[] = []
  let index = from
  while (index < to) {
    const leaf = leaves[index]!
    const candidates = leaf.marks.filter((mark) => !open.has(mark.key))
    if (candidates.length === 0) {
      out.push(leaf.node)
      index++
      continue
    }
    let best = candidates[0]!
    let bestEnd = runEnd(leaves, best, index, to)
    for (const candidate of candidates.slice(1)) {
      const end = runEnd(leaves, candidate, index, to)
      if (end > bestEnd || (end === bestEnd && candidate.priority < best.priority)) {
        best = candidate
        bestEnd = end
      }
    }
    const inner = build(leaves, index, bestEnd, new Set([...open, best.key]))
    const made = best.make(mergeText(inner))
    if (Array.isArray(made)) append(out, made)
    else out.push(made)
    index = bestEnd
  }
  return out
}

function runEnd(leaves: Leaf[], mark: Mark, from: number, to: number): number {
  let end = from
  while (end < to && has(leaves[end]!, mark)) end++
  return end
}

interface ReviewNode {
  type: 'html'
  value: ''
  data: { review: 'ins' | 'del'; children: PhrasingContent[] }
}

function reviewOf(node: PhrasingContent): ReviewNode | undefined {
  const data = node.type === 'html' ? (node.data as ReviewNode['data'] | undefined) : undefined
  return data?.review ? (node as unknown as ReviewNode) : undefined
}

/** Review wrappers → CriticMarkup's delimiters around their content (a deletion then an insertion: a substitution). */
function realise(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    const review = reviewOf(node)
    if (!review) {
      if ('children' in node && node.type !== 'criticComment') (node as Parent).children = realise((node as Parent).children as PhrasingContent[])
      out.push(node)
      continue
    }
    const next = nodes[index + 1]
    const following = next ? reviewOf(next) : undefined
    if (review.data.review === 'del' && following?.data.review === 'ins') {
      out.push(raw('{~~'), ...realise(review.data.children), raw('~>'), ...realise(following.data.children), raw('~~}'))
      index++
    } else if (review.data.review === 'del') out.push(raw('{--'), ...realise(review.data.children), raw('--}'))
    else out.push(raw('{++'), ...realise(review.data.children), raw('++}'))
  }
  return out
}

function raw(value: string): Html {
  return { type: 'html', value }
}

/** Adjacent text nodes joined, empty ones dropped. */
export function mergeText(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const node of nodes) {
    const previous = out[out.length - 1]
    if (node.type === 'text' && node.value === '') continue
    if (node.type === 'text' && previous?.type === 'text') out[out.length - 1] = { type: 'text', value: previous.value + node.value } satisfies Text
    else out.push(node)
  }
  return out
}
