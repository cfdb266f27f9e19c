/**
 * Wires the parser guard (guard.ts) and the depth guard (depth-guard.ts) into unified:
 * the parser is wrapped so every parse — of a whole document or of a chunk — goes through
 * the guard, and its findings become messages on the file.
 */
import type { Root } from 'mdast'
import type { Processor } from 'unified'
import type { VFile } from 'vfile'
import { guardMarkdown, restorePlaceholders } from './guard.js'

/** Must come right after remark-parse: it wraps the parser remark-parse installed. */
export function remarkParseGuard(this: Processor) {
  const parse = this.parser
  if (!parse) throw new Error('remarkParseGuard must be used after remark-parse')
  this.parser = (document: string, file: VFile) => {
    const guarded = guardMarkdown(document)
    const tree = parse(guarded.text, file) as Root
    if (guarded.restore) restorePlaceholders(tree, guarded.restore)
    for (const finding of guarded.findings) {
      file.message(finding.reason, { place: { line: finding.line, column: finding.column }, ruleId: finding.ruleId, source: 'markdocx' })
    }
    return tree
  }
}
