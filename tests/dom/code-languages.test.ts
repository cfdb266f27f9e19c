/**
 * Fenced code is parsed by its language in the editor below NESTED_CODE_LIMIT characters and
 * not above it (the background parse of a long document kept the main thread busy); the
 * choice follows the document as it grows or shrinks past the limit.
 */
import { ensureSyntaxTree, foldService, language } from '@codemirror/language'
import { languages } from '@codemirror/language-data'
import { EditorState } from '@codemirror/state'
import { showPanel } from '@codemirror/view'
import { beforeAll, describe, expect, it } from 'vitest'
import { NESTED_CODE_LIMIT, NESTED_CODE_LINES, PLAIN_LIMIT_LINES } from '../../src/editor/code-languages.js'
import { editorExtensions } from '../../src/editor/extensions.js'

const CODE = '```js\nconst answer = 42\n```\n'

/** Whether the fenced block at the end of the document was parsed as JavaScript. */
function parsedAsJs(state: EditorState): boolean {
  const tree = ensureSyntaxTree(state, state.doc.length, 20_000)
  // The nested parse is mounted inside the FencedCode node: resolveInner enters it.
  const at = state.doc.length - CODE.length + CODE.indexOf('answer') + 1
  return tree?.resolveInner(at, 1).name === 'VariableDefinition'
}

beforeAll(async () => {
  // Loaded before parsing, as it would be by the time a user looks at the block.
  await languages.find((language) => language.name === 'JavaScript')!.load()
})

const HTML = '<div align="center">centred</div>\n'

/** Whether the HTML block at the end of the document was parsed as HTML. */
function parsedAsHtml(state: EditorState): boolean {
  const tree = ensureSyntaxTree(state, state.doc.length, 20_000)
  const at = state.doc.length - HTML.length + HTML.indexOf('align') + 1
  return tree?.resolveInner(at, 1).name === 'AttributeName'
}

describe('fenced code and HTML in the editor by document size', () => {
  const padding = (characters: number) => `${'A line of prose.\n\n'.repeat(Math.ceil(characters / 18))}`

  it('is parsed by its language in a normal document', () => {
    expect(parsedAsJs(EditorState.create({ doc: `# Title\n\n${CODE}`, extensions: editorExtensions({ length: 100, lines: 3 }) }))).toBe(true)
  })

  it('raw HTML likewise', () => {
    expect(parsedAsHtml(EditorState.create({ doc: `# Title\n\n${HTML}`, extensions: editorExtensions({ length: 100, lines: 3 }) }))).toBe(true)
    const doc = `${padding(NESTED_CODE_LIMIT)}${HTML}`
    expect(parsedAsHtml(EditorState.create({ doc, extensions: editorExtensions({ length: doc.length, lines: doc.split('\n').length }) }))).toBe(false)
  })

  it('is not, in a document opened above the limit', () => {
    const doc = `${padding(NESTED_CODE_LIMIT)}${CODE}`
    expect(doc.length).toBeGreaterThan(NESTED_CODE_LIMIT)
    expect(parsedAsJs(EditorState.create({ doc, extensions: editorExtensions({ length: doc.length, lines: doc.split('\n').length }) }))).toBe(false)
  })

  it('switches off when the document grows past the limit and on when it shrinks well below', () => {
    let state = EditorState.create({ doc: CODE, extensions: editorExtensions({ length: CODE.length, lines: 3 }) })
    expect(parsedAsJs(state)).toBe(true)
    const big = padding(NESTED_CODE_LIMIT)
    state = state.update({ changes: { from: 0, insert: big } }).state
    expect(parsedAsJs(state)).toBe(false)
    state = state.update({ changes: { from: 0, to: big.length } }).state
    expect(parsedAsJs(state)).toBe(true)
  })

  it('nests no language in a document of more lines than NESTED_CODE_LINES, however short, and keeps the Markdown support', () => {
    const lines = '- item\n'.repeat(NESTED_CODE_LINES + 1)
    const doc = `---\ntitle: T\n---\n\n${lines}${CODE}`
    expect(doc.length).toBeLessThan(NESTED_CODE_LIMIT)
    const state = EditorState.create({ doc, extensions: editorExtensions({ length: doc.length, lines: doc.split('\n').length }) })
    expect(parsedAsJs(state)).toBe(false)
    const tree = ensureSyntaxTree(state, state.doc.length, 20_000)!
    // The front matter is still one block, its YAML not parsed (a mixed parser would mount it).
    expect(tree.resolveInner(5, 1).name).toBe('FrontmatterContent')
    expect(tree.topNode.firstChild?.name).toBe('Frontmatter')
    // Markdown's own support stays: heading folds (and its keymap, pasting links).
    expect(state.facet(foldService).length).toBeGreaterThan(0)
    expect(state.facet(language)?.name).toBe('markdown')
    expect(tree.topNode.getChild('BulletList')).not.toBeNull()
  })

  it('edits a document of more lines than PLAIN_LIMIT_LINES as plain text, from the paste that makes it on', () => {
    let state = EditorState.create({ doc: `# Title\n\n${CODE}`, extensions: editorExtensions({ length: 30, lines: 5 }) })
    expect(ensureSyntaxTree(state, state.doc.length, 5000)?.topNode.name).toBe('Document')
    const lines = '# Same heading\n'.repeat(PLAIN_LIMIT_LINES + 1)
    state = state.update({ changes: { from: 0, insert: lines } }).state
    // No language, so nothing is parsed; a panel says so.
    expect(state.facet(language)).toBeNull()
    expect(state.facet(showPanel).filter(Boolean)).toHaveLength(1)
    state = state.update({ changes: { from: 0, to: lines.length } }).state
    expect(parsedAsJs(state)).toBe(true)
    expect(state.facet(showPanel).filter(Boolean)).toHaveLength(0)
    const opened = `${lines}${CODE}`
    expect(EditorState.create({ doc: opened, extensions: editorExtensions({ length: opened.length, lines: opened.split('\n').length }) }).facet(language)).toBeNull()
  })
})
