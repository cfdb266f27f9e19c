/**
 * Syntax extensions that take part in a parse only when the text can contain their syntax.
 *
 * micromark tries an extension's constructs wherever their first character appears, and some
 * are tried nearly everywhere: GFM's email autolink at the first letter of every word, its
 * table at the start of every line, its footnote call at every `[` and `]`. On README text
 * those attempts cost about as much as all of CommonMark. A construct that cannot match
 * leaves no trace (micromark undoes a failed attempt), so leaving out an extension whose
 * syntax the text cannot hold gives the same tree: each gate is a test on the text that is
 * true whenever the syntax *could* be there (it may say yes too often, never too rarely).
 * tests/markdown/syntax-gate.test.ts holds gated and ungated parses deep-equal.
 *
 * `remarkSyntaxGate` replaces remark-parse's parser by the same call (mdast-util-from-markdown
 * with the processor's extensions) with the gated extensions left out where their test says
 * no. It must come right after remark-parse, before anything that wraps the parser.
 */
import type { Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import type { Extension } from 'micromark-util-types'
import type { Processor } from 'unified'

/** True when `text` may contain the extension's syntax. */
export type SyntaxTest = (text: string) => boolean

const gates = new WeakMap<Extension, SyntaxTest>()

/** Marks a micromark extension as needed only for texts that pass `test`. */
export function gatedExtension(extension: Extension, test: SyntaxTest): Extension {
  gates.set(extension, test)
  return extension
}

/** The extensions a parse of `text` needs: every ungated one, and the gated ones whose test passes. */
export function extensionsFor(extensions: readonly Extension[], text: string): Extension[] {
  return extensions.filter((extension) => gates.get(extension)?.(text) ?? true)
}

/** Use right after remark-parse: parses with the gated extensions left out where they cannot match. */
export function remarkSyntaxGate(this: Processor): void {
  const self = this
  this.parser = (document: string): Root =>
    fromMarkdown(document, {
      ...self.data('settings'),
      extensions: extensionsFor(self.data('micromarkExtensions') ?? [], document),
      mdastExtensions: self.data('fromMarkdownExtensions') ?? [],
    })
}
