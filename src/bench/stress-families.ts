/**
 * Hostile and huge Markdown, by family: the shapes that crashed or stalled Markdown tools
 * (issue 14) — tables of a million cells, runs of delimiters and backticks, comment openers,
 * long flat and deep lists, masses of hard breaks, headings, marks and definitions. Each is
 * generated at a scale: 1 is the size the CI stress suite converts (tests/stress), the bench
 * (`npm run bench:stress`) goes up to the sizes that used to take minutes.
 */

export interface StressFamily {
  readonly name: string
  /** The document at `scale` (1: about 0.3–1 MB). */
  readonly make: (scale: number) => string
}

const lines = (count: number, line: (i: number) => string): string => Array.from({ length: Math.round(count) }, (_, i) => line(i)).join('\n')
const row = (cells: number, cell: string): string => `|${`${cell}|`.repeat(Math.round(cells))}`

export const STRESS_FAMILIES: readonly StressFamily[] = [
  { name: 'a table 100 000 columns wide', make: (s) => `${row(100_000 * s, 'h')}\n${row(100_000 * s, '-')}\n${row(100_000 * s, 'x')}\n` },
  { name: 'a table 50 000 rows tall', make: (s) => `| a | b |\n|---|---|\n${lines(50_000 * s, (i) => `| ${i} | y |`)}\n` },
  { name: 'a 200 × 200 table', make: (s) => { const r = row(200, ' c '); return `${r}\n${row(200, '---')}\n${lines(200 * s, () => r)}\n` } },
  { name: 'backticks and escapes mixed', make: (s) => '`\\`` \\` ``a\\``'.repeat(20_000 * s) },
  { name: 'backtick runs of 1 500 lengths', make: (s) => Array.from({ length: Math.round(1500 * Math.sqrt(s)) }, (_, i) => '`'.repeat(i + 1)).join(' ') },
  { name: '100 000 comment openers on a line', make: (s) => '<!-- '.repeat(100_000 * s) },
  { name: '50 000 comment openers, one a line', make: (s) => lines(50_000 * s, () => '<!--') },
  { name: '100 000 strikethrough openers', make: (s) => '~~a '.repeat(100_000 * s) },
  { name: 'a flat list of 50 000 items', make: (s) => lines(50_000 * s, (i) => `- item ${i}`) },
  { name: 'a compact list 200 deep, 10 000 items', make: (s) => lines(10_000 * s, (i) => `${'  '.repeat(i % 200)}- item ${i}`) },
  { name: '50 000 hard breaks', make: (s) => lines(50_000 * s, (i) => `line ${i}  `) },
  { name: '20 000 lines of leading whitespace', make: (s) => lines(20_000 * s, (i) => `${' '.repeat(i % 300)}x`) },
  { name: '20 000 duplicate headings', make: (s) => lines(20_000 * s, () => '# Same heading\n') },
  { name: 'a million combining marks', make: (s) => `a${'\u0301'.repeat(1_000_000 * s)} end` },
  { name: '100 000 definition lines', make: (s) => `Term\n${lines(100_000 * s, () => ': x')}` },
  { name: '50 000 div fences', make: (s) => lines(50_000 * s, () => '::: a') },
  { name: '200 000 brackets, parens and escapes', make: (s) => '[](\\['.repeat(200_000 * s) },
  { name: '100 000 HTML openers', make: (s) => '<a '.repeat(100_000 * s) },
  { name: '200 000 dollar signs', make: (s) => `${'$'.repeat(200_000 * s)}x` },
  { name: '30 000 CriticMarkup openers', make: (s) => '{++ {-- {~~ '.repeat(30_000 * s) },
  { name: '20 000 undefined footnote references', make: (s) => lines(20_000 * s, (i) => `x[^n${i}]`) },
  { name: 'control characters and lone surrogates', make: (s) => '\u0000\u0001\u000b\u000c\ud800 a'.repeat(100_000 * s) },
  { name: 'a paragraph of 20 000 lines with entities', make: (s) => lines(20_000 * s, (i) => `a &amp; b &copy; ${i} &#x41;`) },
  { name: 'a quote with 20 000 lazy lines', make: (s) => `> quote\n${lines(20_000 * s, (i) => `lazy ${i}`)}` },
  { name: 'lists in quotes, 50 deep, 5 000 lines', make: (s) => lines(5_000 * s, (i) => `${'> '.repeat(i % 50)}- item ${i}`) },
  { name: '10 000 inline comment and PI openers', make: (s) => 'a <!-- b <? c <!X `d` '.repeat(10_000 * s) },
  { name: 'front matter nested 2 000 deep', make: () => `---\na: ${'{['.repeat(2000)}\n---\n\ntext\n` },
  { name: 'front matter of 40 000 keys', make: (s) => `---\n${lines(40_000 * s, (i) => `key${i}: value ${i}`)}\n---\n\ntext\n` },
  { name: '20 000 nested <div> blocks', make: (s) => `${lines(20_000 * s, () => '<div>')}\n\ntext\n\n${lines(20_000 * s, () => '</div>')}\n` },
  { name: '100 000 nested inline tags', make: (s) => `<span>${'<b><i>'.repeat(50_000 * s)}x` },
  { name: '20 000 setext headings', make: (s) => lines(20_000 * s, (i) => `Heading ${i}\n===\n`) },
  { name: '20 000 headings with one id', make: (s) => lines(20_000 * s, () => '# Same {#same}\n') },
  { name: '20 000 task items', make: (s) => lines(20_000 * s, (i) => `- [${i % 2 ? 'x' : ' '}] task ${i}`) },
  { name: '20 000 lists, markers alternating', make: (s) => lines(20_000 * s, (i) => `${'-+*'[i % 3]} item ${i}`) },
  { name: 'an HTML table of 220 000 cells', make: (s) => `<table>${`<tr>${'<td>x</td>'.repeat(100)}</tr>`.repeat(2200 * s)}</table>\n` },
  { name: 'a 1-column table, rows of 400 cells', make: (s) => `|a|\n|-|\n${lines(5000 * s, (i) => row(i % 400, 'x'))}\n` },
  { name: '40 000 CriticMarkup substitutions', make: (s) => '{~~a~>b~~}'.repeat(40_000 * s) },
  { name: '20 000 CriticMarkup comments', make: (s) => '{>>c<<} '.repeat(20_000 * s) },
  { name: '100 000 unpaired CriticMarkup closers', make: (s) => lines(100_000 * s, (i) => `line ${i} ++}`) },
  { name: '100 000 a~~ closers', make: (s) => 'a~~ '.repeat(100_000 * s) },
  { name: '40 000 lines indented by tabs', make: (s) => lines(40_000 * s, (i) => `${'\t'.repeat(1 + (i % 50))}x`) },
  { name: '50 000 link definitions in a row', make: (s) => lines(50_000 * s, (i) => `[d${i}]: https://example.org/${i} "Title ${i}"`) },
  // Since 2026-11-30: a paragraph's one line of references, a long fenced code block (a pasted
  // log), lines of inline math, an HTML comment never closed.
  { name: 'one line of 100 000 character references', make: (s) => `Emoji: ${'&#x1F600;'.repeat(100_000 * s)} &amp; ${'&amp; '.repeat(50_000 * s)}\n` },
  { name: 'a fenced code block of 200 000 lines', make: (s) => `\`\`\`js\n${lines(200_000 * s, (i) => `let x${i} = ${i};`)}\n\`\`\`\n` },
  { name: '20 000 lines of inline math', make: (s) => lines(20_000 * s, (i) => `$x_{${i}}^{2}$ and $\\frac{1}{${i + 1}}$ `.repeat(3)) },
  { name: 'an HTML comment of 100 000 lines', make: (s) => `<!-- begin\n${lines(100_000 * s, (i) => `line ${i} <b> -- x`)}\n` },
]
