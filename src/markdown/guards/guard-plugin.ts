/**
 * Wires the parser guard (guard.ts) and the depth guard (depth-guard.ts) into unified:
 * the parser is wrapped so every parse — of a whole document or of a chunk — goes through
 * the guard, and its findings become messages on the file.
 */
import type { Root } from 'mdast'
import type { Processor } from 'unified'
import type { VFile } from 'vfile'
import { walk } from '../../mdast/walk.js'
import { closeDotsFence } from '../syntax/front-matter-dots.js'
import { guardMarkdown, restorePlaceholders, type GuardFinding, type GuardResult } from './guard.js'

declare module 'vfile' {
  interface DataMap {
    /** The text was guarded as part of its whole document (`guardWhole`): the parser's guard leaves it alone. */
    markdocxGuardedWhole: true
  }
}

const DELIMITER_RULES = new Set(['delimiter-run-too-long', 'too-many-delimiters', 'too-many-brackets'])
/** Nodes whose text the parser takes literally: no emphasis or links are looked for inside. */
const LITERAL = new Set(['code', 'inlineCode', 'math', 'inlineMath', 'html', 'yaml'])

/** The offsets of literal nodes, sorted and disjoint (literal nodes do not nest). */
function literalRanges(tree: Root): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  walk(tree, (node) => {
    if (!LITERAL.has(node.type)) return
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start !== undefined && end !== undefined) ranges.push([start, end])
    return false
  })
  return ranges.sort((a, b) => a[0] - b[0])
}

/** Must come right after remark-parse: it wraps the parser remark-parse installed. */
export function remarkParseGuard(this: Processor) {
  const parse = this.parser
  if (!parse) throw new Error('remarkParseGuard must be used after remark-parse')
  this.parser = (document: string, file: VFile) => {
    if (file.data.markdocxGuardedWhole) return parse(document, file) as Root
    let guarded = guardMarkdown(document)
    let tree = parse(guarded.text, file) as Root
    // Delimiters the parse read as code, math or HTML cost it nothing: counted again without
    // them, and parsed again if that changes anything (only documents the guard touched pay).
    if (guarded.findings.some((finding) => DELIMITER_RULES.has(finding.ruleId))) {
      const literal = literalRanges(tree)
      const again = literal.length > 0 ? guardMarkdown(document, literal) : guarded
      if (again.text !== guarded.text || again.findings.length !== guarded.findings.length) {
        guarded = again
        tree = parse(guarded.text, file) as Root
      }
    }
    if (guarded.restore) restorePlaceholders(tree, guarded.restore)
    reportFindings(file, guarded.findings)
    return tree
  }
}

/** The guard's findings as messages on the file. */
export function reportFindings(file: VFile, findings: readonly GuardFinding[]): void {
  for (const finding of findings) {
    file.message(finding.reason, { place: { line: finding.line, column: finding.column }, ruleId: finding.ruleId, source: 'markdocx' })
  }
}

/**
 * A whole document guarded once, for a parser that parses it in pieces (chunked/chunked.ts):
 * the text the whole parse's parser reads (front matter closed by `...` written `---`, as the
 * parser wrapper of front-matter-dots.ts does, then guarded), its placeholders and its
 * findings. The guard's limits hold per paragraph, so a piece of a paragraph guarded on its
 * own could read as syntax what the whole takes literally; pieces of this text, parsed with
 * `markdocxGuardedWhole` set, read what the whole parse reads.
 *
 * Undefined when a finding needs the guard's second pass (its delimiter counts without code
 * and math, which only a parsed tree tells): such a document's pieces guard themselves.
 */
export function guardWhole(document: string): GuardResult | undefined {
  const needsSecondPass = (findings: readonly GuardFinding[]) => findings.some((finding) => DELIMITER_RULES.has(finding.ruleId))
  const guarded = guardMarkdown(closeDotsFence(document), [], { placeholdersFor: (findings) => !needsSecondPass(findings) })
  return needsSecondPass(guarded.findings) ? undefined : guarded
}
