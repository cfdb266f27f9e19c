/**
 * The editor's syntax tree: YAML front matter highlighted as YAML (not as a setext heading),
 * Markdown commands still active around it, and the parse guard taking hostile inline text
 * literally instead of freezing or overflowing the stack (src/editor/parse-guard.ts).
 */
import { insertNewlineContinueMarkup } from '@codemirror/lang-markdown'
import { ensureSyntaxTree } from '@codemirror/language'
import { EditorSelection, EditorState, type Transaction } from '@codemirror/state'
import { Tree as TreeClass, type SyntaxNode, type Tree } from '@lezer/common'
import { describe, expect, it } from 'vitest'
import { GFM, InlineContext, parser as markdownParser } from '@lezer/markdown'
import { MAX_HIGHLIGHTED_BRACKETS, MAX_HIGHLIGHTED_DEPTH, MAX_HIGHLIGHTED_INLINE, MAX_HTML_LINE, MAX_LEAF_LENGTH, parseGuard } from '../../src/editor/parse-guard.js'
import { EDITOR_EXTENSIONS, editorExtensions } from '../../src/editor/extensions.js'
import { MAX_BRACKETS, MAX_DELIMITER_RUN, MAX_DELIMITER_RUNS } from '../../src/markdown/guards/guard.js'

function stateOf(text: string, cursor = text.length): EditorState {
  return EditorState.create({ doc: text, selection: EditorSelection.cursor(cursor), extensions: EDITOR_EXTENSIONS })
}

function treeOf(state: EditorState): Tree {
  const tree = ensureSyntaxTree(state, state.doc.length, 60_000)
  if (!tree) throw new Error('the parse did not finish')
  return tree
}

/** Names of the nodes (mounted YAML and Markdown trees included) that cover `pos`. */
function namesAt(tree: Tree, pos: number): string[] {
  const names: string[] = []
  for (let node: SyntaxNode | null = tree.resolveInner(pos, 1); node; node = node.parent) names.push(node.name)
  return names
}

/** The tree's smallest stored parts (buffers of small nodes), which an incremental parse reuses as they are. */
function leaves(tree: Tree): unknown[] {
  return tree.children.flatMap((child) => (child instanceof TreeClass ? leaves(child) : [child]))
}

function count(tree: Tree, name: string): number {
  let n = 0
  tree.iterate({ enter: (node) => void (node.name === name && n++) })
  return n
}

describe('front matter', () => {
  const text = '---\ntitle: A report\nauthor: [Ann, Bob]\n---\n\n# Heading\n\n- item\n'

  it('is YAML, not a setext heading', () => {
    const tree = treeOf(stateOf(text))
    const inTitle = namesAt(tree, text.indexOf('A report'))
    expect(inTitle).toEqual(expect.arrayContaining(['Frontmatter', 'BlockMapping', 'Pair']))
    expect(inTitle.join(' ')).not.toMatch(/SetextHeading/)
    expect(namesAt(tree, text.indexOf('title'))).toContain('Key')
    expect(namesAt(tree, text.indexOf('Heading'))).toContain('ATXHeading1')
  })

  it('leaves Markdown editing working after it: Enter continues a list', () => {
    // The cursor at the end of "- item".
    let state = stateOf(text, text.length - 1)
    treeOf(state)
    insertNewlineContinueMarkup({ state, dispatch: (tr: Transaction) => void (state = tr.state) })
    expect(state.doc.toString()).toBe(`${text.slice(0, -1)}\n- \n`)
  })

  it('a document without front matter is Markdown from the first line', () => {
    const tree = treeOf(stateOf('Title\n---\n\nText\n'))
    expect(namesAt(tree, 1)).toContain('SetextHeading2')
  })

  it('keeps blank lines inside, and marks both fences', () => {
    const withBlank = '---\ntitle: A\n\nabstract: B\n---\nText\n'
    const tree = treeOf(stateOf(withBlank))
    expect(namesAt(tree, withBlank.indexOf('abstract'))).toEqual(expect.arrayContaining(['Frontmatter', 'Key']))
    expect(count(tree, 'FrontmatterMark')).toBe(2)
    expect(namesAt(tree, withBlank.indexOf('Text'))).toContain('Paragraph')
  })

  it('is not front matter when the fence never closes, or not on line 1 (as the preview parses it)', () => {
    const unclosed = treeOf(stateOf('---\ntitle: A\n\n# Heading\n'))
    expect(count(unclosed, 'Frontmatter')).toBe(0)
    expect(count(unclosed, 'HorizontalRule')).toBe(1)
    expect(count(unclosed, 'ATXHeading1')).toBe(1)
    expect(count(treeOf(stateOf('Text\n\n---\na: b\n---\n')), 'Frontmatter')).toBe(0)
  })

  // 2 000 sections are 8 000 lines (languages nested), 4 000 are 16 000 (none nested: code-languages.ts).
  it.each([2000, 4000])('re-parses only around an edit in a long document of %i sections (front matter is one small node, not a wrapper)', (sections) => {
    const body = Array.from({ length: sections }, (_, i) => `## Section ${i}\n\nSome *text* in paragraph ${i}.\n`).join('\n')
    const text = `---\ntitle: Long\n---\n\n${body}`
    let state = EditorState.create({ doc: text, extensions: editorExtensions({ length: text.length, lines: text.split('\n').length }) })
    const before = treeOf(state)
    state = state.update({ changes: { from: state.doc.length >> 1, insert: 'x' } }).state
    const after = treeOf(state)
    // Markdown is the document's language (no wrapper grammar around it), and the blocks away
    // from the edit are the very same subtrees as before: reused, not parsed again.
    expect(after.type.name).toBe('Document')
    const old = new Set(leaves(before))
    const now = leaves(after)
    expect(now.length).toBeGreaterThan(100)
    expect(now.filter((leaf) => old.has(leaf)).length / now.length).toBeGreaterThan(0.9)
    expect(count(after, 'Frontmatter')).toBe(1)
    expect(count(after, 'ATXHeading2')).toBe(sections)
  })
})

describe('parse guard', () => {
  it('reads a run of thousands of * as text (no stack overflow, no emphasis)', () => {
    const text = `${'*'.repeat(10_000)}x${'*'.repeat(10_000)}\n`
    const tree = treeOf(stateOf(text))
    expect(count(tree, 'Emphasis') + count(tree, 'StrongEmphasis')).toBe(0)
  })

  it('keeps ordinary emphasis and short runs', () => {
    const tree = treeOf(stateOf(`*a* **b** ~~c~~ ${'*'.repeat(MAX_DELIMITER_RUN)}\n`))
    expect(count(tree, 'Emphasis')).toBe(1)
    expect(count(tree, 'StrongEmphasis')).toBe(1)
    expect(count(tree, 'Strikethrough')).toBe(1)
  })

  it('takes emphasis literally in a paragraph with more delimiter runs than the preview allows', () => {
    const many = '*a* '.repeat(MAX_DELIMITER_RUNS)
    expect(count(treeOf(stateOf(`${many}\n`)), 'Emphasis')).toBe(0)
    expect(count(treeOf(stateOf(`${'*a* '.repeat(10)}\n`)), 'Emphasis')).toBe(10)
  })

  it('takes links literally in a paragraph with more brackets than it highlights (fewer than the preview allows)', () => {
    expect(MAX_HIGHLIGHTED_BRACKETS).toBeLessThan(MAX_BRACKETS)
    const links = (n: number) => `${Array.from({ length: n }, (_, i) => `[l${i}](u)`).join(' ')}\n`
    expect(count(treeOf(stateOf(links(MAX_HIGHLIGHTED_BRACKETS / 2 + 1))), 'Link')).toBe(0)
    expect(count(treeOf(stateOf(links(MAX_HIGHLIGHTED_BRACKETS / 2))), 'Link')).toBe(MAX_HIGHLIGHTED_BRACKETS / 2)
    // The highlighter marks `[c]` as a (reference) link too.
    expect(count(treeOf(stateOf('[a](u) ![b](i.png) [c]\n')), 'Link')).toBe(2)
    expect(count(treeOf(stateOf('[a](u) ![b](i.png) [c]\n')), 'Image')).toBe(1)
  })

  it('does not inline-parse a paragraph longer than the limit, and parses the next one', () => {
    const text = `${'*word* '.repeat(Math.ceil(MAX_HIGHLIGHTED_INLINE / 7) + 1)}\n\nafter *emphasis*\n`
    const tree = treeOf(stateOf(text))
    expect(count(tree, 'Emphasis')).toBe(1)
  })

  it('gives up on a paragraph that only looks like a link definition (20 000 footnote lines)', () => {
    const text = `${Array.from({ length: 20_000 }, (_, i) => `[^n${i}]: Note ${i}.`).join('\n')}\n`
    const tree = treeOf(stateOf(text))
    expect(count(tree, 'LinkReference')).toBe(0)
    // Cut into leaves of MAX_LEAF_LENGTH characters, each with few enough brackets to highlight
    // as links (the link parser is quadratic in a leaf's brackets).
    expect(MAX_LEAF_LENGTH / '[^n0]: Note 0.'.length).toBeLessThan(MAX_HIGHLIGHTED_BRACKETS / 2)
    // A leaf ends at the first line that takes it past the limit, so it is up to a line (some 20 characters) longer.
    const paragraphs = count(tree, 'Paragraph')
    expect(paragraphs).toBeLessThanOrEqual(Math.ceil(text.length / MAX_LEAF_LENGTH))
    expect(paragraphs).toBeGreaterThanOrEqual(Math.floor(text.length / (MAX_LEAF_LENGTH + 20)))
  })

  it('reads a line of raw HTML longer than MAX_HTML_LINE as plain text, not as HTML to parse again', () => {
    const deep = `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`
    expect(deep.length).toBeGreaterThan(MAX_HTML_LINE)
    const tree = treeOf(stateOf(`Before\n\n${deep}\n\nAfter\n`))
    expect(count(tree, 'HTMLBlock')).toBe(0)
    // A few tags are highlighted as HTML: the block, and the HTML language's own nodes inside it.
    const small = treeOf(stateOf('<div class="note">\n  <b>Hi</b>\n</div>\n'))
    expect(count(small, 'HTMLBlock')).toBe(1)
    expect(namesAt(small, 2)).toContain('TagName')
  })

  it('reads a line too long to highlight as a paragraph of its own, in its container, whatever it starts with', () => {
    const long = `${'word | '.repeat(Math.ceil(MAX_HIGHLIGHTED_INLINE / 7))}end`
    expect(long.length).toBeGreaterThan(MAX_HIGHLIGHTED_INLINE)
    // After a paragraph line (no lazy continuation into it), with a delimiter row after it (no table), before a paragraph.
    const tree = treeOf(stateOf(`Short line\n${long}\n|---|---|\nAfter\n`))
    expect(count(tree, 'Table')).toBe(0)
    const paragraphs: string[] = []
    tree.iterate({ enter: (node) => void (node.name === 'Paragraph' && paragraphs.push(`${node.from}-${node.to}`)) })
    const start = 'Short line\n'.length
    expect(paragraphs.slice(0, 2)).toEqual([`0-${start - 1}`, `${start}-${start + long.length}`])
    // In a quote or a list item it stays there; a heading stays a heading.
    expect(namesAt(treeOf(stateOf(`> ${long}\n`)), 10)).toEqual(expect.arrayContaining(['Paragraph', 'Blockquote']))
    expect(namesAt(treeOf(stateOf(`- ${long}\n`)), 10)).toEqual(expect.arrayContaining(['Paragraph', 'ListItem']))
    expect(namesAt(treeOf(stateOf(`# ${long}\n`)), 10)).toContain('ATXHeading1')
    // An ordinary long line is an ordinary paragraph, links and all.
    expect(count(treeOf(stateOf(`${'A [link](https://example.org) in a line. '.repeat(100)}\n`)), 'Link')).toBe(100)
  })

  it('ends a leaf block past MAX_LEAF_LENGTH characters at a line, so no step of the parse reads more', () => {
    const row = `| ${Array.from({ length: 40 }, (_, i) => `cell ${i}`).join(' | ')} |`
    const table = `| ${Array.from({ length: 40 }, (_, i) => `h${i}`).join(' | ')} |\n|${'---|'.repeat(40)}\n${Array.from({ length: 500 }, () => row).join('\n')}\n`
    expect(table.length).toBeGreaterThan(2 * MAX_LEAF_LENGTH)
    const tree = treeOf(stateOf(table))
    expect(count(tree, 'Table')).toBe(1)
    for (let node = tree.topNode.firstChild; node; node = node.nextSibling) expect(node.to - node.from).toBeLessThan(MAX_LEAF_LENGTH + row.length + 2)
    // An ordinary table is one block.
    expect(count(treeOf(stateOf('| a | b |\n|---|---|\n| 1 | 2 |\n')), 'TableRow')).toBe(1)
  })

  it('still finds real link definitions, one per line or with a title on the next line', () => {
    const definitions = `${Array.from({ length: 200 }, (_, i) => `[d${i}]: https://example.org/${i}`).join('\n')}\n\n[t]: https://example.org\n  "A title"\n`
    expect(count(treeOf(stateOf(definitions)), 'LinkReference')).toBe(201)
  })

  it('reads runs of spaces once, finding hard breaks as the library does', () => {
    const library = markdownParser.configure([GFM])
    const guarded = markdownParser.configure([GFM, parseGuard])
    for (const text of ['a  \nb\n', 'a   \nb\n', 'a \nb\n', 'a   b  c \n     d     \ne\n', '- x  \n  y\n', '> q    \n> r\n', '| a  | b |\n|---|---|\n| 1   | 2  |\n', 'a\\\nb\n']) {
      expect(guarded.parse(text).toString(), text).toBe(library.parse(text).toString())
    }
    // Characters the inline parser reads (InlineContext#char): the library's hard-break rule scans a
    // run's rest from each space in it, 10 000 × 20 000 reads here; the guard's space rule stops that.
    const text = `a${' '.repeat(20_000)}b\n`
    const read = InlineContext.prototype.char
    let reads = 0
    InlineContext.prototype.char = function (pos: number) {
      reads++
      return read.call(this, pos)
    }
    try {
      expect(count(guarded.parse(text), 'HardBreak')).toBe(0)
    } finally {
      InlineContext.prototype.char = read
    }
    expect(reads).toBeLessThan(10 * text.length)
  })

  it('leaves escapes alone', () => {
    const tree = treeOf(stateOf('\\*not\\* and \\[x\\]\n'))
    expect(count(tree, 'Escape')).toBe(4)
  })

  it('opens quotes and lists only as deep as the preview does: deeper markers are text', () => {
    const deep = `${Array.from({ length: 200 }, () => `${'>'.repeat(1000)} deep`).join('\n')}\n\n${'- '.repeat(3000)}item\n\nafter *emphasis*\n`
    const tree = treeOf(stateOf(deep))
    let depth = 0
    tree.iterate({
      enter: (node) => {
        let d = 0
        for (let at: SyntaxNode | null = node.node; at; at = at.parent) d++
        depth = Math.max(depth, d)
      },
    })
    expect(depth).toBeLessThan(3 * MAX_HIGHLIGHTED_DEPTH)
    expect(count(tree, 'Blockquote')).toBeGreaterThan(MAX_HIGHLIGHTED_DEPTH - 2)
    expect(count(tree, 'Emphasis')).toBe(1)
  })
})

describe('indented code, read in bounded blocks', () => {
  const library = markdownParser.configure([GFM])
  const guarded = markdownParser.configure([GFM, parseGuard])

  it('reads ordinary indented code as the library does', () => {
    const documents = [
      'Text.\n\n    code\n    more code\n\nAfter.\n',
      '    a\n\n\n    b\n\n',
      '- item\n\n      code in an item\n\n      more\n- next\n',
      '> quote\n>\n>     code in a quote\n>     more\n> done\n',
      '> quote\n>\n>     code\nlazy?\n',
      '1. one\n\n        code\n\n   text\n',
      '\tcode with a tab\n\t\tdeeper\n  \n\tlast\n',
      '    code\n  \n\n',
    ]
    for (const text of documents) expect(guarded.parse(text).toString(), text).toBe(library.parse(text).toString())
  })

  it('ends a block at a line once it passes the limit, so a 1 000-deep indented list is read in small steps', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')
    const tree = guarded.parse(text)
    let blocks = 0
    tree.iterate({
      enter: (node) => {
        if (node.name !== 'CodeBlock') return
        blocks++
        expect(node.to - node.from).toBeLessThan(MAX_LEAF_LENGTH + 2 * 1000 + 20)
      },
    })
    // Past the 16 levels the highlighter nests, every deeper line is indented code: with the
    // library's rule, one block of half a megabyte read in one step.
    expect(blocks).toBeGreaterThan(100)
  })
})
