/**
 * The parser guards: pathological input parses in bounded time without overflowing the stack,
 * its text survives exactly, positions stay those of the source, and a message says what was
 * taken literally. (The 60 s test timeout catches a guard that stops working: unguarded, these
 * inputs take minutes or crash.)
 */
import type { Nodes, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { flattenDeep, MAX_TREE_DEPTH } from '../../src/markdown/guards/depth-guard.js'
import { guardMarkdown, MAX_BACKTICK_RUNS, MAX_CONTAINER_MARKERS, MAX_DELIMITER_RUN, MAX_COLON_LINES, MAX_DELIMITER_RUNS, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, restorePlaceholders } from '../../src/markdown/guards/guard.js'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { guardWhole } from '../../src/markdown/guards/guard-plugin.js'

function depth(tree: Root): number {
  let max = 0
  const stack: Array<[Nodes, number]> = [[tree, 0]]
  while (stack.length > 0) {
    const [node, d] = stack.pop()!
    max = Math.max(max, d)
    if ('children' in node) for (const child of node.children) stack.push([child as Nodes, d + 1])
  }
  return max
}

/** Every text value in the tree sits at its node's source offsets (positions were not shifted). */
function textsAtTheirOffsets(tree: Root, source: string): boolean {
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'text' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      const slice = source.slice(node.position.start.offset, node.position.end.offset)
      if (!slice.includes(node.value.split('\n')[0]!.slice(0, 20))) return false
    }
    if ('children' in node) for (const child of node.children) stack.push(child as Nodes)
  }
  return true
}

const pathological: Record<string, string> = {
  'a run of 50 000 asterisks': `${'*'.repeat(50_000)}x${'*'.repeat(50_000)}\n`,
  '10 000 nested emphasis openers': `${'*a '.repeat(10_000)}x${' a*'.repeat(10_000)}\n`,
  '50 000 brackets': `${'['.repeat(50_000)}x${']'.repeat(50_000)}\n`,
  '5 000 nested links': `${'[a'.repeat(5000)}${'](u)'.repeat(5000)}\n`,
  '5 000 nested quotes': `${'>'.repeat(5000)} deep\n`,
  '1 000 nested list markers on a line': `${'- '.repeat(1000)}x\n`,
  'list indented 2 000 levels': Array.from({ length: 400 }, (_, i) => `${' '.repeat(i * 10)}- item ${i}`).join('\n'),
}

describe('parser guard', () => {
  for (const [name, text] of Object.entries(pathological)) {
    it(`survives ${name}: text kept, a message, a valid export`, async () => {
      const { tree, file } = parseMarkdown(text)
      // Letters are never markup: every one of them is still in the tree.
      const letters = (value: string) => value.replace(/[^a-z0-9]/g, '').length
      expect(letters(toString(tree))).toBe(letters(text))
      expect(depth(tree)).toBeLessThanOrEqual(MAX_TREE_DEPTH + 8)
      expect(textsAtTheirOffsets(tree, text)).toBe(true)
      expect(file.messages.length).toBeGreaterThan(0)
      expect(file.messages.every((m) => m.ruleId && m.line)).toBe(true)
      const result = await markdownToDocx(text)
      expect(result.data.length).toBeGreaterThan(1000)
    })
  }

  it.each([
    // 300, not the 2 000 that overflowed: fences of 3 to 2 002 colons are 4 MB of text to parse.
    ['300 nested fenced divs', `${Array.from({ length: 300 }, (_, i) => `${':'.repeat(3 + i)} level${i}`).join('\n')}\nx\n${Array.from({ length: 300 }, (_, i) => ':'.repeat(302 - i)).join('\n')}\n`, 'fencedDiv'],
    ['3 000 nested bracketed spans', `${'['.repeat(3000)}x${']{.c}'.repeat(3000)}\n`, 'bracketedSpan'],
  ])('flattens %s, which overflowed the compiler', async (_, text, type) => {
    const { tree, file } = parseMarkdown(text)
    expect(depth(tree)).toBeLessThanOrEqual(MAX_TREE_DEPTH + 8)
    expect(JSON.stringify(tree)).toContain(`"type":"${type}"`)
    expect(file.messages.some((m) => m.ruleId === 'nesting-too-deep')).toBe(true)
    const result = await markdownToDocx(text)
    expect(result.data.length).toBeGreaterThan(1000)
  })

  it('keeps every character of a neutralised run', () => {
    const text = `before ${'_'.repeat(MAX_DELIMITER_RUN + 10)} after\n`
    const { tree, file } = parseMarkdown(text)
    expect(toString(tree)).toBe(text.trim())
    expect(file.messages.map((m) => m.ruleId)).toEqual(['delimiter-run-too-long'])
    expect(file.messages[0]!.line).toBe(1)
    expect(file.messages[0]!.column).toBe(8)
  })

  it('keeps deep quote markers as text inside the deepest allowed quote', () => {
    const text = `${'>'.repeat(MAX_CONTAINER_MARKERS + 5)} deep\n`
    const { tree, file } = parseMarkdown(text)
    expect(toString(tree)).toBe(`${'>'.repeat(5)} deep`)
    expect(file.messages.some((m) => m.ruleId === 'nesting-too-deep')).toBe(true)
  })

  it('leaves ordinary documents exactly as they are', () => {
    const ordinary = '# Title\n\nSome *emphasis*, **strong**, [a link](https://example.com) and `code`.\n\n- a\n  - b\n    - c\n\n> quote\n> > nested\n\n***\n\n' + '| a | b |\n|---|---|\n| 1 | 2 |\n'
    expect(guardMarkdown(ordinary)).toEqual({ text: ordinary, findings: [] })
    const long = ordinary.repeat(2000)
    expect(guardMarkdown(long).text).toBe(long)
  })

  it('does not count markers inside fenced code, and keeps thematic breaks of any length', () => {
    const text = `\`\`\`\n${'*a '.repeat(3000)}\n\`\`\`\n\n${'*'.repeat(200)}\n`
    const { tree, file } = parseMarkdown(text)
    expect(file.messages).toEqual([])
    expect(tree.children.map((c) => c.type)).toEqual(['code', 'thematicBreak'])
  })

  it('never reports delimiters or brackets the parser reads as code, math or HTML (issue 12)', () => {
    const run = `x${'*'.repeat(70)}x`
    const many = Array.from({ length: 2100 }, () => '*a*').join(' ')
    const brackets = '[a] '.repeat(3000)
    // [name, Markdown, the literal text that must come through]
    const literal: Array<[string, string, string]> = [
      ['fenced code in a nested list', `- a\n  - b\n\n    \`\`\`\n    ${run}\n    \`\`\`\n`, run],
      ['fenced code in a quote', `> \`\`\`\n> ${run}\n> \`\`\`\n`, run],
      ['indented code', `Text\n\n    ${run}\n`, run],
      ['indented code in a quote', `> para\n>\n>     ${run}\n`, run],
      ['indented code in a list item', `- item\n\n      ${run}\n`, run],
      ['a code span', `Text \`${run}\` end\n`, run],
      ['a code span of two backticks', `Text \`\`a ${run} b\`\` end\n`, run],
      ['thousands of delimiters in a code span', `Some *real* emphasis and \`${many}\`\n`, many],
      ['thousands of brackets in a code span', `\`${brackets}\`\n`, brackets.trim()],
      ['inline math', `Text $${run}$ end\n`, run],
      ['raw HTML', `<pre>\n${run}\n</pre>\n`, run],
    ]
    for (const [name, text, kept] of literal) {
      const { tree, file } = parseMarkdown(text)
      expect(file.messages.map((m) => m.ruleId), name).toEqual([])
      const values: string[] = []
      const stack: Nodes[] = [tree]
      while (stack.length > 0) {
        const node = stack.pop()!
        if ('value' in node) values.push(node.value)
        if ('children' in node) stack.push(...(node.children as Nodes[]))
      }
      expect(values.some((value) => value.includes(kept)), name).toBe(true)
    }
    // Emphasis outside the code span stays emphasis.
    const mixed = parseMarkdown(literal[7]![1]).tree
    expect(JSON.stringify(mixed)).toContain('"type":"emphasis"')
    // Outside code they still count.
    expect(parseMarkdown(`Text ${run} and \`${run}\`\n`).file.messages.map((m) => [m.ruleId, m.column])).toEqual([['delimiter-run-too-long', 7]])
  })

  it('picks placeholders the text does not contain', () => {
    const text = `\uE000\uE001 ${'*'.repeat(100)}\n`
    const guarded = guardMarkdown(text)
    expect(guarded.restore).toBeDefined()
    expect([...guarded.restore!.keys()].some((c) => text.includes(c))).toBe(false)
    const tree = { type: 'root', children: [{ type: 'text', value: guarded.text }] }
    restorePlaceholders(tree, guarded.restore!)
    expect(tree.children[0]!.value).toBe(text)
  })

  it('guards a whole document once for a parse in pieces, unless a finding needs its second pass', () => {
    // A table over budget and `:` lines: the text the whole parse reads, front matter closed by `...` written `---`.
    const text = `---\na: 1\n...\n\nTerm\n${': x\n'.repeat(MAX_COLON_LINES + 1)}`
    const whole = guardWhole(text)
    expect(whole?.text.startsWith('---\na: 1\n---\n')).toBe(true)
    expect(whole?.findings.map((finding) => finding.ruleId)).toEqual(['too-many-definitions'])
    expect(whole?.restore).toBeDefined()
    // Too many emphasis markers: counted again without code by the whole parse, so left to the pieces; no copy of the text is made.
    const emphasis = `${'*a* '.repeat(MAX_DELIMITER_RUNS)}\n`
    expect(guardWhole(emphasis)).toBeUndefined()
    expect(guardMarkdown(emphasis, [], { placeholdersFor: () => false })).toEqual({ text: emphasis, findings: guardMarkdown(emphasis).findings })
  })
})

describe('depth guard', () => {
  it('flattens nesting below the cap and keeps all text', () => {
    let node: Nodes = { type: 'paragraph', children: [{ type: 'text', value: 'bottom' }] }
    for (let i = 0; i < 10_000; i++) node = { type: 'blockquote', children: [node as never] }
    const tree: Root = { type: 'root', children: [node as never] }
    expect(flattenDeep(tree)).toBeDefined()
    expect(depth(tree)).toBeLessThanOrEqual(MAX_TREE_DEPTH + 2)
    expect(toString(tree)).toBe('bottom')
  })

  it('keeps a list’s items when flattening inside it', () => {
    let node: Nodes = { type: 'paragraph', children: [{ type: 'text', value: 'leaf' }] }
    for (let i = 0; i < 200; i++) node = { type: 'list', children: [{ type: 'listItem', children: [node as never] }] }
    const tree: Root = { type: 'root', children: [node as never] }
    flattenDeep(tree)
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const n = stack.pop()!
      if (n.type === 'list') expect(n.children.every((c) => c.type === 'listItem')).toBe(true)
      if ('children' in n) for (const c of n.children) stack.push(c as Nodes)
    }
    expect(toString(tree)).toBe('leaf')
  })
})

describe('parser guard on huge input', () => {
  it('neutralises more characters than a Map can hold (25 MB of indentation)', () => {
    const text = `${' '.repeat(10_000)}- x\n`.repeat(2500)
    const guarded = guardMarkdown(text)
    expect(guarded.text.length).toBe(text.length)
    expect(guarded.findings).toHaveLength(2500)
    expect(guarded.restore).toBeDefined()
  })
})

describe('parser guard on huge constructs (issue 14)', () => {
  const row = (columns: number, cell: (c: number) => string) => `|${Array.from({ length: columns }, (_, c) => cell(c)).join('|')}|`
  const table = (columns: number, rows: number) => [row(columns, (c) => `h${c}`), row(columns, () => '---'), ...Array.from({ length: rows }, (_, r) => row(columns, (c) => `${r}.${c}`))].join('\n') + '\n'

  it('keeps a table over the column budget as text, every cell kept, with a message', () => {
    const text = table(MAX_TABLE_COLUMNS + 1, 2)
    const { tree, file } = parseMarkdown(text)
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph'])
    expect(toString(tree)).toContain(`1.${MAX_TABLE_COLUMNS}`)
    expect(file.messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([['table-too-large', 1, 1]])
  })

  it('keeps a table over the cell budget as text, and a large one under it as a table', () => {
    const tall = parseMarkdown(table(100, MAX_TABLE_CELLS / 100 + 1))
    expect(tall.tree.children.map((node) => node.type)).toEqual(['paragraph'])
    expect(tall.file.messages.map((m) => m.ruleId)).toEqual(['table-too-large'])
    const large = parseMarkdown(table(100, 100))
    expect(large.tree.children.map((node) => node.type)).toEqual(['table'])
    expect(large.file.messages).toEqual([])
  })

  it('counts the cells rows hold beyond the header: a narrow table of very wide rows is kept as text', () => {
    const ragged = `|a|\n|-|\n${Array.from({ length: 400 }, () => row(300, () => 'x')).join('\n')}\n`
    const { tree, file } = parseMarkdown(ragged)
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph'])
    expect(file.messages.map((m) => m.ruleId)).toEqual(['table-too-large'])
    // A few extra cells per row, as real tables have, stay a table.
    const loose = parseMarkdown(`|a|b|\n|-|-|\n${Array.from({ length: 100 }, () => row(5, () => 'x')).join('\n')}\n`)
    expect(loose.tree.children.map((node) => node.type)).toEqual(['table'])
  })

  it('takes backtick runs without a partner out of the syntax, keeping code spans and text', () => {
    // Runs of every length from 3 to 1 052 (no two alike) made micromark scan for minutes.
    const runs = Array.from({ length: MAX_BACKTICK_RUNS + 50 }, (_, i) => '`'.repeat(i + 3)).join(' x ')
    const text = `Keep \`code\` and \\\`escaped\`. ${runs}\n`
    const { tree, file } = parseMarkdown(text)
    expect(file.messages).toEqual([])
    const json = JSON.stringify(tree)
    expect(json).toContain('"type":"inlineCode","value":"code"')
    const expected = text.replace('\\`', '`').replace('`code`', 'code').replace(/\s+/g, '')
    const actual = toString(tree).replace(/\s+/g, '')
    expect(actual.length).toBe(expected.length)
    expect(actual === expected).toBe(true)
  })

  it('counts strikethrough markers with emphasis markers', () => {
    const text = `${'~~a '.repeat(MAX_DELIMITER_RUNS + 1)}\n`
    const { tree, file } = parseMarkdown(text)
    expect(file.messages.map((m) => m.ruleId)).toEqual(['too-many-delimiters'])
    expect(toString(tree)).toBe(text.trim())
  })

  it('keeps definition lines past the limit as text, with a message, and a short definition list as one', () => {
    const many = `Term\n${Array.from({ length: MAX_COLON_LINES + 1 }, (_, i) => `: description ${i}`).join('\n')}\n`
    const { tree, file } = parseMarkdown(many)
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph'])
    expect(toString(tree)).toContain(`: description ${MAX_COLON_LINES}`)
    expect(file.messages.map((m) => [m.ruleId, m.line])).toEqual([['too-many-definitions', 2]])
    const short = parseMarkdown('Term\n: one\n: two\n')
    expect(short.tree.children.map((node) => node.type)).toEqual(['defList'])
    expect(short.file.messages).toEqual([])
  })

  it('reads thousands of fence lines in one paragraph quickly, the divs still found', () => {
    const fences = `${'::: box\n'.repeat(MAX_COLON_LINES + 1)}text\n${':::\n'.repeat(MAX_COLON_LINES + 1)}`
    const { tree, file } = parseMarkdown(fences)
    expect(tree.children.map((node) => node.type)).toEqual(['fencedDiv'])
    expect(file.messages.filter((m) => m.ruleId !== 'nesting-too-deep')).toEqual([])
  })

  it('counts brackets per definition, and not those of footnote calls: 8 000 notes stay notes, quickly', () => {
    // 8 000, not more: the parse takes about 5 s alone, 15 s beside a busy CI's other tests.
    const n = 8_000
    const calls = Array.from({ length: n }, (_, i) => `Text[^n${i}].`).join(' ')
    const notes = Array.from({ length: n }, (_, i) => `[^n${i}]: Note ${i}.`).join('\n')
    const links = Array.from({ length: n }, (_, i) => `[l${i}]: https://example.org/${i}`).join('\n')
    const started = performance.now()
    const { tree, file } = parseMarkdown(`${calls} [l1] and [l2].\n\n${notes}\n\n${links}\n`)
    const took = performance.now() - started
    expect(file.messages).toEqual([])
    const types = new Map<string, number>()
    const stack: Nodes[] = [tree]
    while (stack.length > 0) {
      const node = stack.pop()!
      types.set(node.type, (types.get(node.type) ?? 0) + 1)
      if ('children' in node) for (const child of node.children) stack.push(child as Nodes)
    }
    expect(types.get('footnoteReference')).toBe(n)
    expect(types.get('footnoteDefinition')).toBe(n)
    expect(types.get('definition')).toBe(n)
    expect(types.get('linkReference')).toBe(2)
    // Quadratic (micromark's label arrays, a point counted from the text's start per call) this took a minute.
    expect(took).toBeLessThan(30_000)
  })

  it('still counts the brackets of a paragraph a definition line cannot interrupt', () => {
    const text = `Text\n${Array.from({ length: 3000 }, (_, i) => `[l${i}]: /u`).join('\n')}\n`
    const { file } = parseMarkdown(text)
    expect(file.messages.map((m) => m.ruleId)).toEqual(['too-many-brackets'])
  })

  it('counts per heading and list item, so headings without blank lines and long tight lists keep their emphasis and links', () => {
    const sections = Array.from({ length: 3000 }, (_, i) => `## Section ${i}\nText with *some* emphasis and a [link](https://example.org/${i}).`).join('\n')
    const list = Array.from({ length: 3000 }, (_, i) => `- [Item ${i}](https://example.org/${i}) — **bold** and *emphasis*`).join('\n')
    const ordered = Array.from({ length: 3000 }, (_, i) => `${i + 1}. *item* ${i}`).join('\n')
    const nested = Array.from({ length: 3000 }, (_, i) => `${'  '.repeat(i % 2)}- *item* ${i}`).join('\n')
    for (const text of [sections, list, ordered, nested]) {
      const { tree, file } = parseMarkdown(`${text}\n`)
      expect(file.messages).toEqual([])
      let emphasis = 0
      const stack: Nodes[] = [tree]
      while (stack.length > 0) {
        const node = stack.pop()!
        if (node.type === 'emphasis') emphasis++
        if ('children' in node) for (const child of node.children) stack.push(child as Nodes)
      }
      expect(emphasis).toBeGreaterThanOrEqual(3000)
    }
  })

  it('still counts a paragraph whose lines only look like items or headings (continuation text)', () => {
    const runs = '*a* *b* '.repeat(2)
    for (const line of [`2. ${runs}`, `    - ${runs}`, `    # ${runs}`]) {
      const { file } = parseMarkdown(`Text\n${Array.from({ length: 700 }, () => line).join('\n')}\n`)
      expect(file.messages.map((m) => m.ruleId), line).toEqual(['too-many-delimiters'])
    }
  })
})
