/**
 * Callouts: GitHub's alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`)
 * and Obsidian's callouts (`> [!info] Own title`, `[!faq]-` folded, and their many type names),
 * read from a block quote whose first line is the marker.
 *
 * A transform on the parsed tree: the quote stays a `blockquote` (so a reader that knows nothing
 * of callouts still has a quote), the marker line is taken out of its text, and
 * `data.callout` says which kind it is and its title. The preview renders it as GitHub does
 * (`div.markdown-alert`), the compiler as a bordered box of paragraphs in the kind's style.
 * Obsidian's type names fold onto GitHub's five kinds (the five colours Word gets).
 */
import type { Blockquote, Nodes, Root, Text } from 'mdast'
import type { Point } from 'unist'
import type { VFile } from 'vfile'
import type { CalloutKind } from '../../mdast/nodes.js'

/** Every type name read, and the kind it is drawn as (GitHub's five, then Obsidian's). */
const KINDS: Readonly<Record<string, CalloutKind>> = {
  note: 'note',
  tip: 'tip',
  important: 'important',
  warning: 'warning',
  caution: 'caution',
  info: 'note',
  abstract: 'note',
  summary: 'note',
  tldr: 'note',
  todo: 'note',
  quote: 'note',
  cite: 'note',
  example: 'important',
  hint: 'tip',
  success: 'tip',
  check: 'tip',
  done: 'tip',
  question: 'important',
  help: 'important',
  faq: 'important',
  attention: 'warning',
  failure: 'caution',
  fail: 'caution',
  missing: 'caution',
  danger: 'caution',
  error: 'caution',
  bug: 'caution',
}

/** `[!TYPE]`, an optional fold sign, an optional title, at the very start of the quote. */
const MARKER = /^\[!([A-Za-z][\w-]*)\]([+-]?)(?:[ \t]+([^\n]*))?(?:\n|$)/

/** The kind a type name is drawn as, if it is a callout type. */
export function calloutKind(type: string): CalloutKind | undefined {
  return Object.hasOwn(KINDS, type.toLowerCase()) ? KINDS[type.toLowerCase()] : undefined
}

/** The name a callout kind is shown with when the author gave no title. */
export function calloutTitle(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1).toLowerCase()
}

export function remarkCallouts() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    // Iterative: quotes can nest thousands deep in hostile input.
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.type === 'blockquote') readCallout(node, source)
      if ('children' in node) for (const child of node.children) stack.push(child)
    }
  }
}

function readCallout(quote: Blockquote, source: string): void {
  const first = quote.children[0]
  if (first?.type !== 'paragraph') return
  const lead = first.children[0]
  if (lead?.type !== 'text') return
  const match = MARKER.exec(lead.value)
  if (!match) return
  const type = match[1]!.toLowerCase()
  const kind = calloutKind(type)
  if (!kind) return
  // GitHub takes only plain text on the marker line: when formatting follows on it
  // (`[!tip] A **bold** idea`) the quote stays a quote rather than lose the formatting.
  if (!match[0].endsWith('\n') && first.children.length > 1 && first.children[1]?.type !== 'break') return
  const ownTitle = match[3]?.trim()
  quote.data = { ...quote.data, callout: { kind, title: ownTitle || calloutTitle(type), type } }
  const rest = lead.value.slice(match[0].length)
  if (rest === '') {
    first.children.shift()
    // A hard break right after the marker (`[!NOTE]\` or two spaces) ends the marker line too.
    if (first.children[0]?.type === 'break') first.children.shift()
  } else {
    lead.value = rest
    const start = nextLineStart(lead, rest, source)
    if (start && lead.position) lead.position = { ...lead.position, start }
  }
  if (first.children.length === 0) quote.children.shift()
  else if (first.position && first.children[0]!.position) first.position = { ...first.position, start: first.children[0]!.position.start }
}

/**
 * Where the text after the marker line starts in the source: past the line break and the
 * quote's `>` markers. Undefined when the source does not show it plainly (then the old start stays).
 */
function nextLineStart(lead: Text, rest: string, source: string): Point | undefined {
  const from = lead.position?.start
  if (from?.offset === undefined) return undefined
  const newline = source.indexOf('\n', from.offset)
  if (newline === -1) return undefined
  const firstLine = rest.split('\n', 1)[0]!
  const at = source.indexOf(firstLine, newline + 1)
  const lineEnd = source.indexOf('\n', newline + 1)
  if (at === -1 || (lineEnd !== -1 && at > lineEnd)) return undefined
  return { line: from.line + 1, column: at - newline, offset: at }
}
