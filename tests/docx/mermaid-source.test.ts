/**
 * What the compiler reads from a Mermaid source without drawing it: its title and description
 * for the alt text, and which source line one of mermaid's errors is on. The error messages are
 * mermaid 12.3's own, as its render() threw them in Chromium.
 */
import { describe, expect, it } from 'vitest'
import { mermaidLabel, readMermaidError, sourceLine } from '../../src/mdast/mermaid-source.js'

describe('mermaidLabel', () => {
  it('takes accTitle, the front matter’s title, a title statement, in that order', () => {
    expect(mermaidLabel('flowchart LR\n  accTitle: Shop flow\n  A --> B')).toEqual({ title: 'Shop flow', firstLine: 'flowchart LR' })
    expect(mermaidLabel('---\ntitle: "Order flow"\n---\nflowchart LR\n  A --> B')).toEqual({ title: 'Order flow', firstLine: 'flowchart LR' })
    expect(mermaidLabel('gantt\n  title A Gantt chart\n  dateFormat YYYY-MM-DD')).toEqual({ title: 'A Gantt chart', firstLine: 'gantt' })
    expect(mermaidLabel('pie title Pets adopted\n  "Dogs" : 386')).toEqual({ title: 'Pets adopted', firstLine: 'pie title Pets adopted' })
    expect(mermaidLabel('---\ntitle: Front\n---\ngraph TD\n accTitle: Acc')).toMatchObject({ title: 'Acc' })
  })

  it('reads accDescr on one line or in braces', () => {
    expect(mermaidLabel('graph TD\n accDescr: Two boxes\n A-->B').description).toBe('Two boxes')
    expect(mermaidLabel('graph TD\n accDescr {\n  Two boxes,\n  joined\n }\n A-->B').description).toBe('Two boxes, joined')
  })

  it('without a title, the first line of content (comments, directives and blank lines skipped)', () => {
    expect(mermaidLabel('\n%% a comment\n%%{init: {"theme": "dark"}}%%\nsequenceDiagram\n  A->>B: hi')).toEqual({ firstLine: 'sequenceDiagram' })
    expect(mermaidLabel('')).toEqual({ firstLine: '' })
  })
})

describe('readMermaidError', () => {
  it('drops the excerpt and caret lines of a parse error and finds its line', () => {
    const source = 'sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>: Hi'
    const message = "Parse error on line 3:\n...Bob: Hello  Bob-->>: Hi\n----------------------^\nExpecting 'link', '+', '-', '()', 'ACTOR', got 'TXT'"
    expect(readMermaidError(source, message)).toEqual({ reason: "Parse error: Expecting 'link', '+', '-', '()', 'ACTOR', got 'TXT'", line: 3 })
  })

  it('reads line and column of the newer (langium) parsers', () => {
    const source = 'pie title Pets\n  "Dogs" : 386\n  "Cats" 85'
    expect(readMermaidError(source, 'Parsing failed:  Parse error on line 3, column 10: Expecting token of type \':\' but found `85`.')).toEqual({
      reason: "Parsing failed: Parse error: Expecting token of type ':' but found `85`.",
      line: 3,
      column: 10,
    })
  })

  it('an error at the end of the input is on the last line', () => {
    expect(readMermaidError('graph TD\n  A-->', "Parse error on line 3:\ngraph TD  A-->\n--------------^\nExpecting 'AMP', got 'EOF'")).toMatchObject({ line: 2 })
  })

  it('keeps messages that name no line whole', () => {
    expect(readMermaidError('nonsense', 'No diagram type detected matching given configuration for text: nonsense')).toEqual({
      reason: 'No diagram type detected matching given configuration for text: nonsense',
    })
  })

  it('shortens very long messages', () => {
    expect(readMermaidError('x', `Error ${'y'.repeat(1000)}`).reason.length).toBeLessThanOrEqual(300)
  })
})

describe('sourceLine', () => {
  it('counts past front matter, comment lines and leading blank lines, as mermaid strips them before parsing', () => {
    // Mermaid said "line 3" for these: the third line of what it parsed.
    expect(sourceLine('---\ntitle: Hello\n---\nsequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>: Hi\n  Alice->>Bob: x', 3)).toBe(6)
    expect(sourceLine('%% a comment\nsequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>: Hi', 3)).toBe(4)
    expect(sourceLine('\n\nsequenceDiagram\n  %% note\n  A->>B: x\n  bad', 3)).toBe(6)
  })

  it('is the identity for a plain source, and undefined for nonsense', () => {
    expect(sourceLine('a\nb\nc', 2)).toBe(2)
    expect(sourceLine('a\nb\nc', 0)).toBeUndefined()
  })
})
