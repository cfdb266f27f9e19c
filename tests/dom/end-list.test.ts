/**
 * Enter on an empty last list item ends the list with a blank line, so what is typed next is
 * a paragraph of its own (not a lazy continuation of the last item); nested items, quotes and
 * code are left to CodeMirror's own Enter.
 */
import { ensureSyntaxTree } from '@codemirror/language'
import { EditorSelection, EditorState } from '@codemirror/state'
import { EditorView, runScopeHandlers } from '@codemirror/view'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { EDITOR_EXTENSIONS } from '../../src/editor/extensions.js'
import { editorViews } from './setup.js'

const keep = editorViews()

/** Types `keys` (text, with \n as Enter) at the end of `doc`, through the editor's keymaps. */
function typeInto(doc: string, keys: string): string {
  const view = new EditorView({ state: EditorState.create({ doc, selection: EditorSelection.cursor(doc.length), extensions: EDITOR_EXTENSIONS }), parent: document.body })
  keep(view)
  for (const key of keys) {
    ensureSyntaxTree(view.state, view.state.doc.length, 5000)
    if (key === '\n') {
      const handled = runScopeHandlers(view, new KeyboardEvent('keydown', { key: 'Enter' }), 'editor')
      if (!handled) view.dispatch(view.state.replaceSelection('\n'))
    } else view.dispatch(view.state.replaceSelection(key))
  }
  return view.state.doc.toString()
}

describe('Enter on an empty list item', () => {
  it('ends a bullet list with a blank line, so the next text is a paragraph', () => {
    const text = typeInto('', '- first\nsecond\n\nAfter the list.')
    expect(text).toBe('- first\n- second\n\nAfter the list.')
    const { tree } = parseMarkdown(text)
    expect(tree.children.map((node) => node.type)).toEqual(['list', 'paragraph'])
  })

  it('ends a one-item list too (CodeMirror would make it loose)', () => {
    expect(typeInto('', '1. one\n\nNext')).toBe('1. one\n\nNext')
  })

  it('ends a task list', () => {
    const text = typeInto('- [ ] todo\n', '- [ ] \n')
    expect(text).toBe('- [ ] todo\n\n')
  })

  it('leaves nested items to CodeMirror, which moves them out a level', () => {
    expect(typeInto('- outer\n  - a\n  - b\n  - ', '\n')).toBe('- outer\n  - a\n  - b\n- ')
  })

  it('does nothing special inside a fenced code block or a quote', () => {
    expect(typeInto('```\n- ', '\n')).toBe('```\n- \n')
    expect(typeInto('> - item\n> - ', '\n')).not.toBe('> - item\n\n')
  })
})
