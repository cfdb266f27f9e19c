/**
 * pandoc's rule for `$…$` math, applied after remark-math.
 *
 * micromark's math extension treats any pair of single dollars as math, so prose such as
 * "costs $5 and $10" became a formula. pandoc (and most Markdown users' expectations) only
 * take `$…$` as math when the opening `$` has a non-space right after it, the closing `$` a
 * non-space right before it, and the closing `$` is not followed by a digit. Spans that fail
 * the rule go back to the literal text they were written as.
 */
import type { Parent, PhrasingContent, Root, Text } from 'mdast'
import type { InlineMath } from 'mdast-util-math'
import type { VFile } from 'vfile'

export function remarkDollarRule() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '')
    if (source.length === 0 || !source.includes('$')) return
    revert(tree, source)
  }
}

function revert(parent: Parent, source: string): void {
  let changed = false
  const children = parent.children as Array<Parent['children'][number]>
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    if (child.type === 'inlineMath') {
      const text = literalIfNotMath(child, source)
      if (text) {
        children[index] = text
        changed = true
      } else if (isDoubleDollar(child, source)) {
        // `$$…$$` inside a paragraph is display math for pandoc; the preview and the export read this flag.
        child.data = { ...child.data, display: true }
      }
    } else if ('children' in child) {
      revert(child, source)
    }
  }
  if (changed) mergeTexts(parent)
}

function literalIfNotMath(node: InlineMath, source: string): Text | undefined {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined || !node.position) return undefined
  const raw = source.slice(start, end)
  // Only single-dollar spans follow the rule; `$$x$$` in a paragraph is deliberate.
  if (!raw.startsWith('$') || raw.startsWith('$$')) return undefined
  const inner = raw.slice(1, -1)
  const after = source.charAt(end)
  const bad = /^\s/.test(inner) || /\s$/.test(inner) || /[0-9]/.test(after)
  if (!bad) return undefined
  return { type: 'text', value: raw, position: node.position }
}

function isDoubleDollar(node: InlineMath, source: string): boolean {
  const start = node.position?.start.offset
  return start !== undefined && source.startsWith('$$', start)
}

/** Joins adjacent text nodes, as the parser itself never leaves two side by side. */
function mergeTexts(parent: Parent): void {
  const children = parent.children as PhrasingContent[]
  const merged: PhrasingContent[] = []
  for (const child of children) {
    const previous = merged[merged.length - 1]
    if (child.type === 'text' && previous?.type === 'text') {
      previous.value += child.value
      if (previous.position && child.position) previous.position = { start: previous.position.start, end: child.position.end }
    } else {
      merged.push(child)
    }
  }
  ;(parent as { children: PhrasingContent[] }).children = merged
}
