import { Tab, TextRun, type ParagraphChild } from 'docx'
import type { Code } from 'mdast'
import type { Context } from '../context.js'
import type { State } from '../state.js'
import type { Handler } from './types.js'

/**
 * A code block: one Source Code paragraph (monospace, shaded, kept on one page where it fits),
 * every line and space kept; lines end in w:br and tabs are real tabs on the style's
 * four-character tab stops.
 */
export const code: Handler<Code> = (state, node, context) => [state.paragraph(context, codeRuns(state, node.value, context, node), { style: 'SourceCode' })]

/** Runs for literal code text: line breaks as w:br, tabs as w:tab. */
export function codeRuns(state: State, value: string, context: Context, node: Code | undefined): ParagraphChild[] {
  const runs: ParagraphChild[] = []
  const lines = value.replace(/\r\n?/g, '\n').split('\n')
  lines.forEach((line, index) => {
    if (index > 0) runs.push(new TextRun({ break: 1 }))
    const parts = line.split('\t')
    parts.forEach((part, partIndex) => {
      if (partIndex > 0) runs.push(new TextRun({ children: [new Tab()] }))
      runs.push(...state.text(part, { ...context, run: {} }, node))
    })
  })
  return runs
}
