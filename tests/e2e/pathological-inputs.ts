/**
 * Pathological Markdown for the app (robustness.test.ts), made inside the page so megabytes do
 * not travel through the test protocol: `PATHOLOGICAL` names them, `makeInput` (passed to
 * `page.evaluate`) builds one. Each is the kind of input that has hung or crashed Markdown
 * tools: deep nesting, long delimiter runs, huge lines and tables, masses of notes and links.
 */

export const PATHOLOGICAL = [
  'quotes 10 000 deep on one line',
  'quotes 1 000 deep over 1 000 lines',
  'lists 3 000 deep on one line',
  'lists 1 000 deep by indentation',
  'brackets 50 000 deep',
  '20 000 unclosed links',
  'emphasis: 50 000 openers',
  'emphasis 10 000 deep',
  'a run of 100 000 underscores',
  'a run of 100 000 backticks',
  'a 5 MB single line',
  'a 200 × 200 table',
  '20 000 footnotes',
  '20 000 link definitions',
  'a million combining marks',
  'HTML <div> 10 000 deep',
  '50 000 entities',
  'nested compact lists of 20 000 items',
  '250 000 hard breaks',
  '100 000 lines of leading whitespace',
  '100 000 duplicate headings',
  'a million NUL characters',
  'bidi controls around Hebrew, 100 000 times',
  'a setext heading of 100 000 lines',
  '60 000 equal list items',
] as const

export type PathologicalName = (typeof PATHOLOGICAL)[number]

/** Builds the named input (self-contained: it runs in the page). */
export function makeInput(name: string): string {
  const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('\n')
  switch (name) {
    case 'quotes 10 000 deep on one line':
      return `${'>'.repeat(10_000)} deep quote`
    case 'quotes 1 000 deep over 1 000 lines':
      return lines(1000, (i) => `${'>'.repeat(i + 1)} level ${i + 1}`)
    case 'lists 3 000 deep on one line':
      return `${'- '.repeat(3000)}deep item`
    case 'lists 1 000 deep by indentation':
      return lines(1000, (i) => `${'  '.repeat(i)}- item ${i + 1}`)
    case 'brackets 50 000 deep':
      return `${'['.repeat(50_000)}x${']'.repeat(50_000)}`
    case '20 000 unclosed links':
      return '[a]('.repeat(20_000)
    case 'emphasis: 50 000 openers':
      return '*a '.repeat(50_000)
    case 'emphasis 10 000 deep':
      return `${'*'.repeat(10_000)}x${'*'.repeat(10_000)}`
    case 'a run of 100 000 underscores':
      return '_'.repeat(100_000)
    case 'a run of 100 000 backticks':
      return `${'`'.repeat(100_000)}x`
    case 'a 5 MB single line':
      return 'word '.repeat(1_000_000)
    case 'a 200 × 200 table': {
      const row = (cell: (c: number) => string) => `|${Array.from({ length: 200 }, (_, c) => cell(c)).join('|')}|`
      return [row((c) => ` h${c} `), row(() => '---'), ...Array.from({ length: 200 }, (_, r) => row((c) => ` ${r}.${c} `))].join('\n')
    }
    case '20 000 footnotes':
      return `${Array.from({ length: 20_000 }, (_, i) => `Text[^n${i}].`).join(' ')}\n\n${lines(20_000, (i) => `[^n${i}]: Note ${i}.`)}`
    case '20 000 link definitions':
      return `${Array.from({ length: 20_000 }, (_, i) => `[l${i}]`).join(' ')}\n\n${lines(20_000, (i) => `[l${i}]: https://example.org/${i}`)}`
    case 'a million combining marks':
      return `a${'\u0301'.repeat(1_000_000)} end`
    case 'HTML <div> 10 000 deep':
      return `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`
    case '50 000 entities':
      return '&amp; &#x1F600; &nbsp; '.repeat(50_000 / 3)
    case 'nested compact lists of 20 000 items':
      // One top-level list: items nested 1 to 10 deep, down and up again, no blank lines.
      return lines(20_000, (i) => `${'  '.repeat(Math.abs((i % 18) - 9))}- item ${i}`)
    case '250 000 hard breaks':
      return lines(250_000, (i) => `l${i}\\`)
    case '100 000 lines of leading whitespace':
      // One paragraph: its lazy continuation lines may be indented any amount.
      return lines(100_000, (i) => `${' '.repeat(i % 301)}line ${i}`)
    case '100 000 duplicate headings':
      return lines(100_000, () => '# Same heading')
    case 'a million NUL characters':
      // One line: the editor drew a placeholder element for each NUL in view (special-chars.ts).
      return '\u0000'.repeat(1_000_000)
    case 'bidi controls around Hebrew, 100 000 times':
      return '\u202e\u05d0\u200f\u2066x\u2069 '.repeat(100_000)
    case 'a setext heading of 100 000 lines':
      // A paragraph the `---` under it makes a heading: the outline lists it (cut to 300 characters).
      return `${lines(100_000, (i) => `key${i}: value ${i}`)}\n---`
    case '60 000 equal list items':
      // One list of 600 equal preview parts (one content key): the words after it never came
      // into the drawn range while the preview was scrolled to its bottom.
      return '- a\n'.repeat(60_000)
    default:
      throw new Error(`no input named ${name}`)
  }
}
