/**
 * YAML parsed with a bound on its nesting, for every YAML a user writes (front matter, a YAML
 * bibliography).
 *
 * The `yaml` library descends recursively: nesting a few thousand deep (`{[{[…` in front matter)
 * overflows the stack. It catches that and throws — but a second parse of the same text then
 * has V8 compile a regular expression with the stack nearly spent, and V8 aborts the whole
 * process ("RegExpCompiler Allocation failed"): a signal no handler or worker isolation catches.
 * So text nested deeper than any real metadata is refused before the library sees it. The
 * depth is over-estimated from the text alone (indentation steps, `- `/`? ` markers starting a
 * line, open brackets outside quotes), which only ever refuses more.
 *
 * And the library checks a mapping's keys for duplicates by comparing each with all before it:
 * front matter of 100 000 keys took minutes. Keys are checked here with a set instead.
 */
import { isScalar, LineCounter, parseDocument, visit, YAMLParseError, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions, type ToJSOptions } from 'yaml'

/** Nesting levels a YAML text may have; metadata rarely goes past five. */
export const MAX_YAML_DEPTH = 64

/** An upper bound of the text's nesting depth, counted up to `limit + 1`. */
export function yamlDepth(text: string, limit = MAX_YAML_DEPTH): number {
  const indents: number[] = []
  let flow = 0
  let deepest = 0
  let quote = ''
  for (const line of text.split(/\r\n?|\n/)) {
    let index = 0
    if (quote === '' && flow === 0) {
      while (line.charCodeAt(index) === 32) index++
      if (index === line.length || line[index] === '#') continue
      while (indents.length > 0 && indents[indents.length - 1]! >= index) indents.pop()
      indents.push(index)
      // `- - - x`, `? - x`: each marker opens a level on the same line.
      let markers = 0
      while (/^[-?:][ \t]/.test(line.slice(index, index + 2))) {
        markers++
        index += 2
        while (line[index] === ' ' || line[index] === '\t') index++
      }
      deepest = Math.max(deepest, indents.length + markers)
    }
    for (; index < line.length; index++) {
      const char = line[index]!
      if (quote !== '') {
        if (char === quote) quote = ''
        else if (char === '\\' && quote === '"') index++
      } else if (char === '"' || char === "'") quote = char
      else if (char === '#' && (index === 0 || line[index - 1] === ' ')) break
      else if (char === '[' || char === '{') deepest = Math.max(deepest, indents.length + ++flow)
      else if ((char === ']' || char === '}') && flow > 0) flow--
    }
    // A quoted scalar may go on over the next lines: `quote` carries over.
    if (deepest > limit) return deepest
  }
  return deepest
}

/** YAML refused for its nesting; callers report it as they report the library's own errors. */
export class YamlTooDeepError extends Error {
  constructor() {
    super(`it is nested more than ${MAX_YAML_DEPTH} levels deep`)
    this.name = 'YamlTooDeepError'
  }
}

/**
 * `yaml`'s `parse`: the same value, the same first error thrown (a duplicate key included),
 * refusing text nested deeper than MAX_YAML_DEPTH (YamlTooDeepError).
 */
export function parseYaml(text: string, options: ParseOptions & DocumentOptions & SchemaOptions & ToJSOptions = {}): unknown {
  if (yamlDepth(text) > MAX_YAML_DEPTH) throw new YamlTooDeepError()
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { ...options, uniqueKeys: false, lineCounter })
  if (document.errors.length > 0) throw document.errors[0]
  if (options.uniqueKeys !== false) {
    const duplicate = firstDuplicateKey(document, lineCounter)
    if (duplicate) throw duplicate
  }
  return document.toJS(options)
}

/** The error the library gives for a mapping's repeated key (the merge key `<<` may repeat), in one pass per mapping. */
function firstDuplicateKey(document: Document, lines: LineCounter): YAMLParseError | undefined {
  let found: YAMLParseError | undefined
  visit(document, {
    Map(_, map) {
      const seen = new Set<unknown>()
      for (const { key } of map.items) {
        const value = isScalar(key) ? key.value : key
        if (value === '<<') continue
        if (seen.has(value)) {
          const at = isScalar(key) && key.range ? key.range[0] : 0
          // The library's wording and place (prettifyError, which adds them, is not public).
          const { line, col } = lines.linePos(at)
          found = new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', `Map keys must be unique at line ${line}, column ${col}`)
          found.linePos = [{ line, col }]
          return visit.BREAK
        }
        seen.add(value)
      }
      return undefined
    },
  })
  return found
}
