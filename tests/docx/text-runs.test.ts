import { Tab, TextRun, type IContext, type ParagraphChild } from 'docx'
import { describe, expect, it } from 'vitest'
import type { RunFormat } from '../../src/docx/context.js'
import { formattedRun, lineBreakRun, tabsRun } from '../../src/docx/text/text-runs.js'
import { runOptions } from '../../src/docx/text/text.js'

const FLAGS = ['bold', 'italics', 'strike', 'superScript', 'subScript', 'underline', 'smallCaps', 'highlight', 'rtl'] as const
const TEXTS = [' lead and trail ', 'a < b && c > "d" \'e\'', 'naïve 東京 🎉', 'markdocx-placeholder']

/** Every combination of the run flags, with and without a character style and a font and size. */
function everyFormat(): RunFormat[] {
  const formats: RunFormat[] = []
  for (let mask = 0; mask < 1 << FLAGS.length; mask++) {
    const flags: Record<string, boolean> = {}
    FLAGS.forEach((flag, index) => {
      if (mask & (1 << index)) flags[flag] = true
    })
    for (const style of [undefined, 'VerbatimChar']) {
      for (const font of [undefined, { font: 'Consolas', size: 19 }]) formats.push({ ...flags, ...(style ? { style } : {}), ...font })
    }
  }
  return formats
}

/** What docx's packer gets from a run: the serialisable object it turns into XML. */
function written(run: ParagraphChild): string {
  return JSON.stringify((run as unknown as TextRun).prepForXml({ stack: [] } as unknown as IContext))
}

describe('text runs', () => {
  it('hand the packer exactly what docx’s TextRun hands it, for every run format', () => {
    const formats = everyFormat()
    expect(formats).toHaveLength(2048)
    for (const [index, format] of formats.entries()) {
      for (const text of [TEXTS[index % TEXTS.length]!, 'second']) {
        expect(written(formattedRun(text, format))).toBe(written(new TextRun({ ...runOptions(format), text })))
      }
    }
  })

  it('keep each run its own text when runs of one format share a template', () => {
    const format: RunFormat = { bold: true, style: 'VerbatimChar' }
    const first = formattedRun('first', format)
    const second = formattedRun('second', format)
    expect(written(first)).toContain('"first"')
    expect(written(second)).toContain('"second"')
    expect(written(first)).not.toContain('second')
  })

  it('write tabs in a row as one run, exactly as docx writes TextRun({ style, children: [Tab, …] })', () => {
    for (const style of [undefined, 'KeywordTok', 'CommentTok']) {
      for (const count of [1, 2, 7]) {
        expect(written(tabsRun(count, style))).toBe(written(new TextRun({ ...(style ? { style } : {}), children: Array.from({ length: count }, () => new Tab()) })))
      }
    }
  })

  it('write a line break exactly as docx writes TextRun({ break: 1 })', () => {
    expect(written(lineBreakRun())).toBe(written(new TextRun({ break: 1 })))
    expect(written(lineBreakRun())).toContain('w:br')
  })
})
