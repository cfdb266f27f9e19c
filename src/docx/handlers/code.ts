import { Tab, TextRun, type ParagraphChild } from 'docx'
import type { Code } from 'mdast'
import { highlightTokens, type Token } from '../../markdown/highlight.js'
import type { Context } from '../context.js'
import type { State } from '../state.js'
import type { Handler } from './types.js'

/**
 * A code block: one Source Code paragraph (monospace, shaded, kept on one page where it fits),
 * every line and space kept; lines end in w:br and tabs are real tabs on the style's
 * four-character tab stops. With a language highlight.js knows, each token carries pandoc's
 * character style for its type (KeywordTok, StringTok, CommentTok…), which a template can restyle.
 */
export const code: Handler<Code> = (state, node, context) => [
  state.paragraph(context, codeRuns(state, highlightTokens(node.value.replace(/\r\n?/g, '\n'), node.lang), context, node), { style: 'SourceCode' }),
]

/** Runs for code tokens: each token in its style, line breaks as w:br, tabs as w:tab. */
export function codeRuns(state: State, tokens: readonly Token[], context: Context, node: Code | undefined): ParagraphChild[] {
  const runs: ParagraphChild[] = []
  for (const token of tokens) {
    const style = token.type ? { style: token.type } : {}
    const tokenContext = { ...context, run: style }
    token.text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .forEach((line, index) => {
        if (index > 0) runs.push(new TextRun({ break: 1 }))
        line.split('\t').forEach((part, partIndex) => {
          if (partIndex > 0) runs.push(new TextRun({ ...style, children: [new Tab()] }))
          runs.push(...state.text(part, tokenContext, node))
        })
      })
  }
  return runs
}
