/**
 * Inputs and helpers for the chunked parser's differential tests: the first difference between
 * two trees (with its path, so a failure says where), the fixtures' and installed packages'
 * Markdown, and fast-check generators of documents made of every block construct the parser
 * knows, including the awkward ones (lazy lines, unclosed fences, loose lists, front matter).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import type { VFile } from 'vfile'

/** The path and values of the first difference between two plain-data values, or undefined. */
export function firstDifference(actual: unknown, expected: unknown, path = 'tree'): string | undefined {
  if (Object.is(actual, expected)) return undefined
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) {
    return `${path}: ${show(actual)} (chunked) ≠ ${show(expected)} (whole)`
  }
  if (Array.isArray(actual) !== Array.isArray(expected)) return `${path}: array ≠ object`
  const a = actual as Record<string, unknown>
  const b = expected as Record<string, unknown>
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys) {
    const difference = firstDifference(a[key], b[key], `${path}.${key}`)
    if (difference) return difference
  }
  return undefined
}

function show(value: unknown): string {
  return (JSON.stringify(value) ?? String(value)).slice(0, 160)
}

/** The messages of a file as comparable data. */
export function messageData(file: VFile): Array<{ reason: string; ruleId: string | undefined; line: number | undefined; column: number | undefined; fatal: boolean | null | undefined }> {
  return file.messages.map((message) => ({ reason: message.reason, ruleId: message.ruleId, line: message.line, column: message.column, fatal: message.fatal }))
}

const ROOT = join(import.meta.dirname, '..', '..')

/** `fixtures/<case>/input.md`, by case name. */
export function fixtureInputs(): Array<[string, string]> {
  const folder = join(ROOT, 'fixtures')
  return readdirSync(folder)
    .sort()
    .map((name) => join(folder, name, 'input.md'))
    .filter((path) => exists(path))
    .map((path) => [relative(ROOT, path), readFileSync(path, 'utf8')])
}

/** Every README (README.md, readme.markdown…) of the installed packages, in a stable order. */
export function packageReadmes(): Array<[string, string]> {
  const out: Array<[string, string]> = []
  const visit = (dir: string, depth: number) => {
    let names: string[]
    try {
      names = readdirSync(dir).sort()
    } catch {
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      if (name.startsWith('.')) continue
      let stats
      try {
        stats = statSync(path)
      } catch {
        continue
      }
      if (stats.isDirectory()) {
        // Package folders, scoped ones and nested node_modules; not every source folder.
        if (name === 'node_modules' || depth < 2 || dir.endsWith('node_modules') || /node_modules[\\/]@[^\\/]+$/.test(dir)) visit(path, depth + 1)
      } else if (/^readme(?:\.[\w-]+)?\.(?:md|markdown)$/i.test(name) && stats.size < 2_000_000) {
        out.push([relative(ROOT, path), readFileSync(path, 'utf8')])
      }
    }
  }
  visit(join(ROOT, 'node_modules'), 0)
  return out
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Generators

const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'Word', 'x', '42', 'über', '中文', 'naïve', 'e.g.', 'a_b', '3.', '10)', '*', '_', '\\*', '&amp;', '|', '~', '$', '$5', '^')
const inline = fc.oneof(
  { weight: 8, arbitrary: word },
  fc.constantFrom('*em*', '**strong**', '~~del~~', '`code`', '``co`de``', '[link](https://example.com "t")', '![img](a.png)', '<https://auto.link>', 'www.example.com', 'a@b.co', '[ref]', '[text][ref]', '[Ref][]', '[missing]', '[^1]', '[^note]', '[^nope]', '$x^2$', '$$y$$', '$5 and $10', '<b>html</b>', '<!-- c -->', '\\', '{==hi==}{>>note<<}', '[^1]: no', '{++new++}', '{--old--}', '{~~a~>b~~}', '{++', '++}', '{--', '--}', '{~~', '~>', '~~}'),
)
const text = fc.array(inline, { minLength: 1, maxLength: 8 }).map((words) => words.join(' '))
const lines = (min: number, max: number) => fc.array(text, { minLength: min, maxLength: max })

const paragraph = lines(1, 3).map((l) => l.join('\n'))
const atx = fc.tuple(fc.integer({ min: 1, max: 6 }), text).map(([depth, t]) => `${'#'.repeat(depth)} ${t}`)
const setext = fc.tuple(text, fc.constantFrom('===', '---', '=', '-  -')).map(([t, rule]) => `${t}\n${rule}`)
const thematic = fc.constantFrom('***', '---', '___', '- - -', '* * *', '_____')
const fenceChar = fc.constantFrom('```', '~~~', '````', '$$')
const codeLine = fc.oneof(text, fc.constantFrom('', '  ', '- item', '# not a heading', '```', '~~~', '    indented', '> quote', '[ref]: /x', '</div>'))
const fenced = fc.tuple(fenceChar, fc.constantFrom('', 'js', 'python title="x"', ' '), fc.array(codeLine, { maxLength: 6 }), fc.boolean(), fc.constantFrom('', ' ', '  ')).map(([fence, info, body, closed, indent]) => {
  const open = fence === '$$' ? fence : `${fence}${info}`
  return [indent + open, ...body.map((l) => (l ? indent + l : l)), ...(closed ? [indent + fence] : [])].join('\n')
})
const indented = fc.array(fc.oneof(text, fc.constant('')), { minLength: 1, maxLength: 4 }).map((body) => body.map((l) => (l ? `    ${l}` : l)).join('\n').replace(/^\n+/, '    x\n'))
const cell = fc.oneof(word, fc.constant(''), fc.constant('`a|b`'), fc.constant('**b**'))
const table = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), fc.constantFrom('', 'Table: caption', ': short caption', 'Table: lazy'), fc.boolean(), fc.array(cell, { minLength: 32, maxLength: 32 })).map(
  ([columns, rows, edges, caption, before, cells]) => {
    const row = (offset: number) => {
      const values = Array.from({ length: columns }, (_, i) => cells[(offset + i) % cells.length]!)
      return edges ? `| ${values.join(' | ')} |` : values.join(' | ') + (columns === 1 ? ' |' : '')
    }
    const delimiter = Array.from({ length: columns }, (_, i) => [':--', '--:', ':-:', '---'][i % 4]).join(' | ')
    const body = [row(0), edges ? `| ${delimiter} |` : delimiter + (columns === 1 ? ' |' : ''), ...Array.from({ length: rows }, (_, r) => row(r + 1))].join('\n')
    if (!caption) return body
    if (caption === 'Table: lazy') return `${body}\nTable: lazy caption`
    return before ? `${caption}\n\n${body}` : `${body}\n\n${caption}`
  },
)
const definition = fc.tuple(fc.constantFrom('ref', 'Ref', 'other', 'a  b', 'ü', 'x\\]y'), fc.constantFrom('https://example.com', '<a b>', '/url "title"', "/u 'single'", '/u\n  "next line"')).map(([label, dest]) => `[${label}]: ${dest}`)
const footnoteDefinition = fc.tuple(fc.constantFrom('1', 'note', 'Note', 'x y'), text, fc.array(fc.oneof(text, fc.constant('')), { maxLength: 3 }), fc.constantFrom('    ', '  ', '')).map(
  ([label, first, more, indent]) => [`[^${label}]: ${first}`, ...more.map((l) => (l ? indent + l : l))].join('\n'),
)
const html = fc.constantFrom(
  '<div>\ncontent\n</div>',
  '<div>\n\n*md*\n\n</div>',
  '<!--\ncomment\n\nwith blank\n-->',
  '<!-- unclosed\n\nstill comment',
  '<script>\nlet a = 1\n\nlet b = 2\n</script>',
  '<pre>\n  pre\n\n</pre>',
  '<?php\n\necho 1 ?>',
  '<!DOCTYPE html>',
  '<![CDATA[\n\n]]>',
  '<table><tr><td>x</td></tr></table>',
  '<details>\n<summary>s</summary>\n\nbody\n</details>',
  '<custom-tag>\ninline\n',
)
const math = fc.tuple(fc.array(fc.constantFrom('x^2', '', '\\frac{a}{b}', '$$x', 'y'), { maxLength: 3 }), fc.boolean()).map(([body, closed]) => ['$$', ...body, ...(closed ? ['$$'] : [])].join('\n'))
const definitionList = fc.tuple(text, fc.array(text, { minLength: 1, maxLength: 2 }), fc.boolean()).map(([term, defs, loose]) => `${term}\n${loose ? '\n' : ''}${defs.map((d) => `: ${d}`).join('\n')}`)
const bom = fc.constantFrom('\uFEFF# bom heading', '\uFEFFtext after bom')

/** A list: bullets or numbers, nested, tight or loose, with lazy lines, code and empty items. */
const list: fc.Arbitrary<string> = fc.letrec<{ list: string; item: string }>((tie) => ({
  item: fc.tuple(
    fc.oneof(text, fc.constant(''), fc.constantFrom('[ ] task', '[x] done')),
    fc.array(
      fc.oneof(
        { weight: 3, arbitrary: text.map((t) => ({ kind: 'continuation', value: t })) },
        { weight: 1, arbitrary: text.map((t) => ({ kind: 'lazy', value: t })) },
        { weight: 2, arbitrary: text.map((t) => ({ kind: 'paragraph', value: t })) },
        { weight: 1, arbitrary: fenced.map((t) => ({ kind: 'block', value: t })) },
        { weight: 1, arbitrary: fc.constantFrom('> quoted', '    code', '| a | b |\n| - | - |\n| 1 | 2 |').map((t) => ({ kind: 'block', value: t })) },
        { weight: 2, arbitrary: tie('list').map((t) => ({ kind: 'nested', value: t })) },
      ),
      { maxLength: 3 },
    ),
  ).map(([head, parts]) => {
    let out = head
    for (const part of parts) {
      if (part.kind === 'lazy') out += `\n${part.value}`
      else if (part.kind === 'continuation') out += `\n  ${part.value}`
      else out += `\n\n${part.value.split('\n').map((l) => (l ? `   ${l}` : l)).join('\n')}`
    }
    return out
  }),
  list: fc.tuple(fc.constantFrom('-', '+', '*', '1.', '1)', '3.', '9)'), fc.array(tie('item'), { minLength: 1, maxLength: 5 }), fc.constantFrom('\n', '\n\n', '\n', '\n \n'), fc.boolean()).map(([marker, items, separator, mixed]) =>
    items
      .map((item, index) => {
        const ordered = /\d/.test(marker)
        let prefix = ordered ? `${Number.parseInt(marker, 10) + index}${marker.at(-1)}` : marker
        if (mixed && index === items.length - 1) prefix = ordered ? `${index + 1}${marker.at(-1) === '.' ? ')' : '.'}` : marker === '-' ? '+' : '-'
        return `${prefix} ${item.split('\n').join('\n   ')}`.replace(/ +$/gm, (spaces) => (spaces.length > 3 ? spaces : ''))
      })
      .join(separator),
  ),
})).list

const quote: fc.Arbitrary<string> = fc.tuple(fc.array(fc.oneof(text, list, fenced, fc.constant('')), { minLength: 1, maxLength: 3 }), fc.boolean(), fc.boolean()).map(([blocks, lazy, nested]) => {
  const body = blocks.join('\n\n').split('\n')
  const quoted = body.map((l, index) => (lazy && index === body.length - 1 && l ? l : `> ${l}`)).join('\n')
  return nested ? quoted.replace(/^> /gm, '> > ') : quoted
})

const frontMatter = fc.constantFrom('---\ntitle: Test\nauthor: [a, b]\n---', '---\ntitle: x\n\nabstract: y\n---', '---\nnot closed', '---\n---', '--- \nkey: v\n---  ', '---\ntitle: dots\n\nkey: v\n...', '---\na: 1\n...  ', '---\n...')

/** One block of Markdown. */
export const block: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: paragraph },
  { weight: 2, arbitrary: atx },
  { weight: 1, arbitrary: setext },
  { weight: 1, arbitrary: thematic },
  { weight: 3, arbitrary: fenced },
  { weight: 1, arbitrary: indented },
  { weight: 2, arbitrary: table },
  { weight: 2, arbitrary: definition },
  { weight: 2, arbitrary: footnoteDefinition },
  { weight: 2, arbitrary: html },
  { weight: 1, arbitrary: math },
  { weight: 1, arbitrary: definitionList },
  { weight: 5, arbitrary: list },
  { weight: 2, arbitrary: quote },
  { weight: 1, arbitrary: bom },
  { weight: 2, arbitrary: fc.constantFrom('::: note', '::: {#id .cls}', ':::', '::::', ':::: {.outer}', '::: warning :::', '::: note\ninside\n:::', '::: {.a}\n\ntext\n\n:::', '\\newpage', '# Title {#t .c}', 'H~2~O and 2^10^', '{++', '++}', '{--', '--}', 'one.{++', '++} two', '{~~', '~>', '~~}') },
)

const separator = fc.constantFrom('\n\n', '\n\n', '\n\n', '\n', '\n\n\n', '\n  \n', '\n\t\n')

/** A document: optional front matter, blocks with assorted separators, assorted line endings. */
export const document: fc.Arbitrary<string> = fc
  .tuple(fc.option(frontMatter, { freq: 5 }), fc.array(fc.tuple(block, separator), { minLength: 1, maxLength: 24 }), fc.constantFrom('\n', '\n', '\n', '\r\n', '\r'), fc.constantFrom('', '\n', '\n\n'))
  .map(([front, blocks, ending, tail]) => {
    const body = blocks.map(([b, sep]) => b + sep).join('')
    const markdown = (front ? `${front}\n\n` : '') + body.trimEnd() + tail
    return ending === '\n' ? markdown : markdown.replace(/\n/g, ending)
  })

/**
 * Lines that are, or look like, setext headings: a line and an underline, and lines that an
 * underline does not make a heading (list items, quotes, definitions, tables, fences, HTML).
 */
const setextLike = fc.tuple(
  fc.constantFrom('Title', 'Two words', '- item', '> quote', '[ref]: /u', '| a | b |', 'Term', '<div>', '```', '    code', 'x {++open', ': def', '$$', 'Table: t', '* * *', '\tTab'),
  fc.constantFrom('===', '---', '  ===', '= = =', '--- x', '-', '=', '    ===', '==='),
).map(([line, underline]) => `${line}\n${underline}`)

/** Lines that are, or look like, ATX headings: empty ones, closing hashes, seven hashes, `#tag`, indented; and setext headings. */
const headingLike = fc.oneof(
  { weight: 4, arbitrary: atx },
  { weight: 2, arbitrary: fc.constantFrom('#', '## ', '# closing ##', '####### seven', '#tag', '  # indented', '    # code', '#\tTab', '# {++open', '# $$', '# <div>', '# ```') },
  { weight: 3, arbitrary: setextLike },
  // Link reference definitions in a row: the scan cuts between one-line ones.
  { weight: 3, arbitrary: fc.constantFrom('[a]: /x', '[b]: /y "t"', "[c]: <z w> 'u'", '[d]: /w (p)', '[e]: /v "open', '"closing"', '[f]:', '[g]: /x\n  "title below"', '[^n]: note', '[a]: /dup', '[x] text', '[h\\]]: /esc', '[i]: /x "t" extra', '[j]: /x\n===', '[k]: /x\n[a]') },
)

/**
 * A document of headings and blocks mostly without blank lines between: the scan cuts after a
 * heading's line (chunk-scan.ts), so whatever follows one directly must still parse the same.
 */
export const denseDocument: fc.Arbitrary<string> = fc
  .tuple(fc.array(fc.tuple(fc.oneof({ weight: 3, arbitrary: headingLike }, { weight: 2, arbitrary: block }), fc.constantFrom('\n', '\n', '\n', '\n\n')), { minLength: 1, maxLength: 30 }), fc.constantFrom('\n', '\n', '\r\n', '\r'))
  .map(([blocks, ending]) => {
    const markdown = `${blocks.map(([b, sep]) => b + sep).join('')}`
    return ending === '\n' ? markdown : markdown.replace(/\n/g, ending)
  })

/** An edit: insert a generated block or a line, or delete some lines, at a relative place. */
export const edit = fc.oneof(
  fc.tuple(fc.constant('insert' as const), fc.double({ min: 0, max: 1, noNaN: true }), fc.oneof(block.map((b) => `${b}\n\n`), text.map((t) => `${t}\n`), fc.constantFrom('\n', '```\n', '- \n', '> x\n', '<!--\n', '$$\n', '---\n', '1. y\n', '    z\n', '[ref]: /new\n', '[^note]: new\n', '::: note\n', ':::\n'))),
  fc.tuple(fc.constant('delete' as const), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 4 })),
  fc.tuple(fc.constant('type' as const), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('a', ' ', '*', '`', '[', ']', '\n', '$', '|', '-')),
)

export type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never

/** Applies an edit at a line start (insert, delete) or any character (type). */
export function applyEdit(text: string, change: Edit): string {
  const starts = [0]
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1)
  if (change[0] === 'type') {
    const at = Math.floor(change[1] * (text.length + 1))
    return text.slice(0, at) + change[2] + text.slice(at)
  }
  const index = Math.min(starts.length - 1, Math.floor(change[1] * starts.length))
  const at = starts[index]!
  if (change[0] === 'insert') return text.slice(0, at) + change[2] + text.slice(at)
  const end = starts[index + change[2]] ?? text.length
  return text.slice(0, at) + text.slice(end)
}

/** Words and inline syntax for paragraphs cut inside (chunk-stitch.ts `paragraphCut`). */
const inlineToken = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('word', 'a', 'b c', ' ', 'x_y', '1', 'é', '&amp;', '&ast;') },
  {
    weight: 3,
    arbitrary: fc.constantFrom('*', '**', '_', '`', '``', '[', ']', '](u)', '<', '<b>', '</b>', '$', '~', '~~', '{++', '++}', '{>>', '<<}', '^', '=', '\\', '\\*', '@key', '[@key]', '[^1]', '^[note]', '![i](p.png)', '[u]', '[s]{.c}', 'http://x.org', 'www.x.org', '*em*', '`code`', '[link](u)', 'H~2~O', '$x$', '$a b$', '$$x$$'),
  },
)

/** How a line of such a paragraph ends: a soft line ending, a hard break, trailing white space. */
const lineEnd = fc.constantFrom('\n', '\n', '\n', '\n', '  \n', '\\\n', '\\\\\n', ' \n', '\t\n', '\n   ', '\n    ', '\n\t', '\n\n')

/** Lines that go on a paragraph, or would stop it (a setext underline, a `:` line, a delimiter row). */
const paragraphLine = fc.oneof(
  { weight: 12, arbitrary: fc.array(inlineToken, { minLength: 1, maxLength: 6 }).map((tokens) => tokens.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('===', '---', ': def', '|-|-|', '|:-|', '| a | b |', '|x', '| *y* | `z` |', '- item', '1. one', '2) two', '> quote', '# heading', '```', '<div>', '\\newpage', 'Table: t', '[u]: /x', '    code', '\\') },
)

/** A table row: cells of inline syntax, some rows with more or fewer cells, escaped pipes, code holding a pipe. */
const tableRow = fc.oneof(
  { weight: 8, arbitrary: fc.array(fc.array(inlineToken, { maxLength: 3 }).map((tokens) => tokens.join('')), { minLength: 1, maxLength: 4 }).map((cells) => `| ${cells.join(' | ')} |`) },
  { weight: 1, arbitrary: fc.constantFrom('| a \\| b | c |', '| `x|y` | z |', '|---|---|', 'no pipes here', 'Table: late caption', ': colon caption', '| only', '# heading', '> quote', '- item', '', '  | indented |', '| [^1] | [u] |', '| {++a++} | b |') },
)

/** A table: header, delimiter row, rows; a `Table:` caption before or after it, with or without a blank line. */
const tableBlock = fc
  .tuple(fc.constantFrom('| a | b |', '| a | b | c |', 'a | b', '| h |'), fc.constantFrom('|---|---|', '|:--|--:|', '|---|---|---|', '--|--', '|-|'), fc.array(tableRow, { minLength: 1, maxLength: 20 }), fc.constantFrom('', 'Table: before\n\n', ': before\n\n'), fc.constantFrom('', '\nTable: after', '\n\nTable: after', '\n\n: after', '\ntext after'))
  .map(([header, delimiter, rows, before, after]) => `${before}${header}\n${delimiter}\n${rows.join('\n')}${after}\n\n`)

/**
 * Paragraphs of many lines full of inline syntax, some of it running over line endings, and
 * tables, with link and footnote definitions before them: for the cuts inside a paragraph and
 * between a table's rows.
 */
export const paragraphDocument: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.array(fc.oneof({ weight: 6, arbitrary: fc.tuple(paragraphLine, lineEnd).map(([line, end]) => line + end) }, { weight: 1, arbitrary: tableBlock }), { minLength: 2, maxLength: 30 }), fc.constantFrom('\n', '\n', '\r\n', '\r'))
  .map(([definitions, parts, ending]) => {
    const markdown = (definitions ? '[u]: http://x.org\n[^1]: a note\n\n' : '') + parts.join('')
    return ending === '\n' ? markdown : markdown.replace(/\n/g, ending)
  })

/**
 * Words for long lines: plain text, closed inline syntax (emphasis, code, links, autolinks,
 * inline HTML, character references, notes), and characters that open or close syntax alone
 * (`*`, `[`, `$`…), which a cut inside the line must not be taken beside.
 */
const lineWord = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.constantFrom('foo', 'bar', 'Ωmega', 'ünï', 'é', '😀', "it's", '"q"', 'x_y', 'x&amp;y', '&amp;', '&#x1F600;', '&#x41;&#x42;', '*em*', '**strong**', '`code`', '~~del~~', '[link](u)', '![i](p.png)', '<b>', '</b>', '<http://auto.link>', 'www.example.com', 'http://x.y/z', 'www.a.com;&amp;'),
  },
  { weight: 1, arbitrary: fc.constantFrom('a@b.co', '$x$', '[^1]', '[u]', '[^nope]', 'H~2~O', '2^10^', '{++ins++}', '[a]{.c}', '@key', '\\*', '*', '_', '[', '`', '<', '1.', '#', '-', '>', '|', ':', '==') },
  // Words that begin a block at a line's start, or inline syntax, right after a cut.
  { weight: 6, arbitrary: fc.constantFrom('#', '# h', '>', '- x', '* x', '+ x', '1. x', '2) x', '|', '| a |', ':', ': d', '::: n', '===', '---', '***', '```', '~~~', '$$', '<div>', '<!--', '<b>', '[u]: /x', '[^1]: n', '\\newpage', '%', '&', '*a*', '_a_', '`c`', '$x$', '[link](u)', '|---|') },
)

/**
 * Documents whose paragraphs are long lines (for the cuts inside a line: chunk-scan.ts
 * `spaceCuts`), with the blocks a line may turn out to be or sit in around them.
 */
export const longLineDocument: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', 'Intro line\n', '# Head\n\n', '- item\n  ', '> ', '<div>\n', '::: note\n', '| a | b |\n|---|---|\n', '# ', '[u]: http://x.org\n[^1]: a note\n\n', 'Table: ', 'Intro line\n+ ', 'Intro line\n1. ', 'Term\n: ', 'Intro line\n- '),
    fc.array(fc.tuple(lineWord, fc.constantFrom(' ', ' ', ' ', '  ', '\t', '', ' \t ')).map(([word, space]) => word + space), { minLength: 20, maxLength: 200 }),
    fc.constantFrom('\n', '\nnext line\n', '\n===\n', '\n: def\n', '\n|a|\n|-|\n', '', '\n\nafter\n', '\n|---|---|\n', '\n---|---\n| x | y |\n', '\n|-|\n', '\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'),
    fc.constantFrom('\n', '\n', '\r\n'),
  )
  .map(([lead, words, tail, ending]) => {
    const markdown = lead + words.join('') + tail
    return ending === '\n' ? markdown : markdown.replace(/\n/g, ending)
  })

/**
 * Documents of fenced code blocks and HTML blocks that end only at their closer (for the cuts
 * inside them: chunk-scan.ts `fenceCuts`): fences of backticks and tildes, indented, with info
 * strings; comments, `<pre>`, `<script>`, `<?`, `<!X`; lines that close them or only look as if
 * they might; blank lines; blocks left unclosed; paragraphs between.
 */
export const fenceDocument: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom('```', '```js', '```js title="x"', '~~~', '````', ' ```', '   ~~~~ py', '```mermaid', '<!--', '  <!-- x', '<pre>', '<script type="x">', '<?php', '<!DOCTYPE x'),
        fc.array(fc.constantFrom('code', '', '  indented', '```', '````', '~~~', '   ```', '    ```', '``` not close', '- item', '# h', '$$', '<!--', '\t tab', 'x ```', '--', '-- >', '</pre', '? >', '<div>'), { maxLength: 30 }),
        fc.constantFrom('same', '', '`````', '~~~~~~', 'short', '-->', 'x --> y', '</pre>', '</script>', '?>', '>'),
        fc.constantFrom('', 'para'),
      ),
      { minLength: 1, maxLength: 4 },
    ),
    fc.constantFrom('\n\n', '\n'),
    fc.constantFrom('\n', '\n', '\r\n'),
  )
  .map(([blocks, between, ending]) => {
    const markdown = blocks
      .map(([open, lines, close, after]) => {
        const fence = open.startsWith('<') || open.startsWith('  <') ? '-->' : open.trim().split(' ')[0]!.replace(/[a-z]+$/, '')
        const closing = close === 'same' ? fence : close === 'short' ? fence.slice(0, 2) : close
        return [open, ...lines, closing, ...(after ? [after] : [])].join('\n')
      })
      .join(between)
    return ending === '\n' ? `${markdown}\n` : `${markdown}\n`.replace(/\n/g, ending)
  })
