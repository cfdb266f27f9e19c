/**
 * The round-trip test's normalisation, kept narrow: both the original Markdown and the Markdown
 * imported back from its .docx are parsed by markdocx's parser and printed by the importer's
 * printer, after these changes to the tree — each a thing Word itself does not keep:
 * - link and image references are resolved (a .docx has no reference definitions);
 * - footnotes are labelled 1, 2… in the order of first reference, unused ones dropped (Word
 *   numbers notes itself);
 * - inline formatting is nested in the importer's canonical order (Word formats runs, not a
 *   tree: `***x***` is bold italic either way);
 * - code blocks lose their language (the .docx does not record it);
 * - soft line breaks are spaces (Word reflows a paragraph);
 * - a paragraph holding only `$$…$$` is a display equation (markdocx exports it so), and an
 *   equation is compared by the MathML temml makes of it (`x^{2}` and `x^2` are one formula);
 * - a table column aligned left is one not aligned (Word's default is left), and short rows
 *   are padded with empty cells (as GFM reads them);
 * - images are compared by alt text and title, not by file name (the .docx names its media);
 * - front matter is compared as data (parsed and written again);
 * - positions go.
 */
import type { Definition, Nodes, Parent, Root } from 'mdast'
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { latexToMathml } from '../../src/math/tex.js'
import { canonicalPhrasing } from '../../src/import/phrasing.js'
import { printMarkdown } from '../../src/import/print.js'

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'defListTerm', 'tableCaption'])

export function normalise(markdown: string): string {
  const { tree } = parseMarkdown(markdown)
  return printMarkdown(normaliseTree(tree))
}

export function normaliseTree(tree: Root): Root {
  const definitions = new Map<string, Definition>()
  const notes = new Map<string, Nodes>()
  walk(tree, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier, node)
  })
  // References → inline; definitions out.
  walk(tree, (node, parent, index) => {
    if (!parent || index === undefined) return
    if (node.type === 'linkReference') {
      const definition = definitions.get(node.identifier)
      if (definition) parent.children[index] = { type: 'link', url: definition.url, title: definition.title ?? null, children: node.children } as never
    } else if (node.type === 'imageReference') {
      const definition = definitions.get(node.identifier)
      if (definition) parent.children[index] = { type: 'image', url: definition.url, title: definition.title ?? null, alt: node.alt ?? '' } as never
    }
  })
  removeWhere(tree, (node) => node.type === 'definition')
  // Footnotes by first reference.
  const order: string[] = []
  walk(tree, (node) => {
    if (node.type === 'footnoteDefinition') notes.set(node.identifier, node)
  })
  const visitNotes = (root: Nodes) =>
    walk(root, (node) => {
      if (node.type === 'footnoteReference' && notes.has(node.identifier) && !order.includes(node.identifier)) {
        order.push(node.identifier)
        visitNotes(notes.get(node.identifier)!)
      }
    }, (node) => node.type !== 'footnoteDefinition')
  visitNotes(tree)
  const label = new Map(order.map((id, index) => [id, String(index + 1)]))
  walk(tree, (node) => {
    if (node.type === 'footnoteReference' && label.has(node.identifier)) {
      node.identifier = label.get(node.identifier)!
      node.label = node.identifier
    }
  })
  removeWhere(tree, (node) => node.type === 'footnoteDefinition')
  for (const id of order) {
    const note = notes.get(id) as Parent & { identifier: string; label?: string | null }
    note.identifier = label.get(id)!
    note.label = note.identifier
    tree.children.push(note as never)
  }
  // A paragraph that is one `$$…$$` is a display equation in the .docx.
  walk(tree, (node, parent, index) => {
    if (node.type !== 'paragraph' || !parent || index === undefined) return
    const only = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''))
    if (only.length === 1 && only[0]!.type === 'inlineMath') {
      // Its label (`$$ x $$ {#eq:a}`) goes with it.
      const attributes = (only[0]!.data as { attributes?: unknown } | undefined)?.attributes
      parent.children[index] = { type: 'math', value: only[0]!.value, ...(attributes ? { data: { attributes } } : {}) } as never
    }
  })
  walk(tree, (node) => {
    delete node.position
    if (node.type === 'text') node.value = node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' ')
    if (node.type === 'yaml') {
      try {
        node.value = stringifyYaml(parseYaml(node.value), { lineWidth: 0, sortMapEntries: true }).trimEnd()
      } catch {
        // Not YAML: compared as written.
      }
    }
    if (node.type === 'code') {
      node.lang = null
      node.meta = null
    }
    if (node.type === 'image') node.url = 'image'
    if (node.type === 'math' || node.type === 'inlineMath') node.value = mathKey(node.value)
    if (node.type === 'table') {
      node.align = (node.align ?? []).map((value) => (value === 'left' ? null : value))
      const width = Math.max(...node.children.map((row) => row.children.length))
      node.align = Array.from({ length: width }, (_, index) => node.align?.[index] ?? null)
      for (const row of node.children) while (row.children.length < width) row.children.push({ type: 'tableCell', children: [] })
    }
    if (PHRASING_PARENTS.has(node.type)) canonicalPhrasing(node as Parent, { markerOf: () => undefined, comment: () => undefined, placed: new Set() })
  })
  return tree
}

/** A formula as the MathML temml makes of it (source annotation left out), or its LaTeX when temml cannot read it. */
function mathKey(latex: string): string {
  const result = latexToMathml(latex)
  if (!result.ok) return latex
  return result.mathml.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '').replace(/<\/?semantics>/g, '').replace(/\s+/g, ' ')
}

function walk(root: Nodes, visit: (node: Nodes, parent?: Parent, index?: number) => void, enter: (node: Nodes) => boolean = () => true): void {
  const stack: Array<{ node: Nodes; parent?: Parent; index?: number }> = [{ node: root }]
  while (stack.length > 0) {
    const { node, parent, index } = stack.pop()!
    visit(node, parent, index)
    const current = parent && index !== undefined ? (parent.children[index] as Nodes) : node
    if ('children' in current && (current === root || enter(current))) {
      for (let at = current.children.length - 1; at >= 0; at--) stack.push({ node: current.children[at] as Nodes, parent: current as Parent, index: at })
    }
  }
}

function removeWhere(root: Parent, test: (node: Nodes) => boolean): void {
  const stack: Parent[] = [root]
  while (stack.length > 0) {
    const parent = stack.pop()!
    parent.children = parent.children.filter((child) => !test(child as Nodes)) as Parent['children']
    for (const child of parent.children) if ('children' in child) stack.push(child as Parent)
  }
}
