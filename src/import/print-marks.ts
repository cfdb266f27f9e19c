/**
 * Printing a paragraph's tracked mark (`criticMark`) where its text does not imply it: as a
 * change over the blank line after it, `one.{++` ¶ `++}Two` (a paragraph break inserted) or
 * `One{--` ¶ `--}two` (two paragraphs joined) — what markdocx's parser reads back into that
 * mark (critic-spans.ts). A paragraph all inserted or all deleted gets its mark from its text
 * alone (`{++New paragraph.++}`), so nothing more is written; nor where no paragraph or
 * heading follows (Markdown cannot join a paragraph to a list or a table), nor after a
 * heading's attribute block. Tidied as people write it: a deletion ending the paragraph runs on
 * into the blank line (`{--cut` ¶ `--}`), and the space the joined paragraphs gain or lose is
 * the plain space after the closer (`--} two`).
 */
import type { Heading, Paragraph, Parents } from 'mdast'
import type { ChangeKind } from '../mdast/nodes.js'
import { impliedMark } from './critic-versions.js'

type Block = Paragraph | Heading

const OPEN: Record<ChangeKind, string> = { insertion: '{++', deletion: '{--' }
const CLOSE: Record<ChangeKind, string> = { insertion: '++}', deletion: '--}' }

function isBlock(node: unknown): node is Block {
  const type = (node as { type?: unknown } | undefined)?.type
  return type === 'paragraph' || type === 'heading'
}

/** The mark to write after `node`, when its text does not say it and a paragraph or heading follows. */
function explicitMark(node: Block, parent: Parents | undefined): ChangeKind | undefined {
  const mark = node.data?.criticMark
  if (!mark || !parent || impliedMark(node.children) === mark) return undefined
  if (node.type === 'heading' && node.data?.attributes) return undefined
  const index = (parent.children as unknown[]).indexOf(node)
  return isBlock(parent.children[index + 1]) ? mark : undefined
}

/** A printed paragraph or heading with the marks around it: its own after it, the one before it at its start. */
export function withMarks(node: Block, parent: Parents | undefined, printed: string): string {
  let value = printed
  const index = parent ? (parent.children as unknown[]).indexOf(node) : -1
  const previous = parent && index > 0 ? parent.children[index - 1] : undefined
  const before = isBlock(previous) ? explicitMark(previous, parent) : undefined
  if (before) {
    // A heading's closer goes after its `#`s.
    const lead = node.type === 'heading' ? (/^#{1,6} /.exec(value)?.[0] ?? '') : ''
    const text = value.slice(lead.length)
    // The space the joined text gains (or loses) is a change of the other kind; after the closer it is read so.
    const space = `${OPEN[before === 'insertion' ? 'deletion' : 'insertion']} ${CLOSE[before === 'insertion' ? 'deletion' : 'insertion']}`
    const rest = text.startsWith(space) ? text.slice(space.length) : undefined
    value = lead + (rest !== undefined && rest !== '' && !/^\s/.test(rest) ? `${CLOSE[before]} ${rest}` : `${CLOSE[before]}${text}`)
  }
  const own = explicitMark(node, parent)
  if (own) value = own === 'deletion' && value.endsWith(CLOSE.deletion) && !value.endsWith(`~~}`) ? value.slice(0, -CLOSE.deletion.length) : `${value}${OPEN[own]}`
  return value
}
