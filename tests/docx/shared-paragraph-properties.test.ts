import { Document, LevelFormat, Packer, Paragraph, TextRun, type IParagraphOptions } from 'docx'
import { describe, expect, it } from 'vitest'
import { readPart } from '../../src/docx/ooxml/pack.js'
import { paragraphOf } from '../../src/docx/ooxml/shared-paragraph-properties.js'

/** Options as the compiler gives them: styles, list numbering, indents, spacing, borders, tracked ones that are not shared. */
const OPTION_SETS: IParagraphOptions[] = [
  { style: 'BodyText' },
  { style: 'FirstParagraph' },
  { style: 'Compact', numbering: { reference: 'bullets', instance: 0, level: 0, custom: true } },
  { style: 'Compact', numbering: { reference: 'bullets', instance: 0, level: 1, custom: true } },
  { style: 'Compact', numbering: { reference: 'numbers', instance: 3, level: 0, custom: true } },
  { style: 'BodyText', indent: { left: 720 }, spacing: { before: 200 } },
  { style: 'BodyText', alignment: 'center', bidirectional: true, keepNext: true },
  { style: 'SourceCode', border: { left: { style: 'single', size: 4, color: 'auto', space: 4 } }, shading: { fill: 'EEEEEE' } },
  { style: 'BodyText', numbering: { reference: 'numbers', level: 0 } },
  { style: 'BodyText', run: { bold: true } },
  {},
  // Last, so a shared set's paragraph ends the first section.
  { style: 'Compact', numbering: { reference: 'bullets', instance: 0, level: 0, custom: true } },
]

const LEVELS = [0, 1].map((level) => ({ level, format: LevelFormat.DECIMAL, text: `%${level + 1}.` }))

/** Two sections of paragraphs made by `make` from every option set, several times over, with a footnote of them. */
function document(make: (options: IParagraphOptions) => Paragraph): Document {
  const paragraphs = (tag: string) => OPTION_SETS.flatMap((options, index) => [1, 2, 3].map((copy) => make({ ...options, children: [new TextRun(`${tag} ${index}.${copy}`)] })))
  return new Document({
    numbering: { config: [{ reference: 'bullets', levels: LEVELS }, { reference: 'numbers', levels: LEVELS }] },
    footnotes: { 1: { children: paragraphs('note') } },
    sections: [{ children: paragraphs('first') }, { properties: { page: { size: { orientation: 'landscape' } } }, children: paragraphs('second') }],
  })
}

async function parts(make: (options: IParagraphOptions) => Paragraph): Promise<string[]> {
  const bytes = await Packer.pack(document(make), 'uint8array')
  return ['word/document.xml', 'word/footnotes.xml', 'word/numbering.xml'].map((path) => readPart(bytes, path) ?? '')
}

describe('shared paragraph properties', () => {
  it('write every part exactly as docx’s own paragraphs do', async () => {
    const shared = await parts(paragraphOf)
    const plain = await parts((options) => new Paragraph(options))
    expect(shared).toEqual(plain)
    const [body] = shared
    // The cases this guards are in the file: list numbering, a section's end inside a shared set's paragraph.
    expect(body).toContain('<w:numId w:val="')
    expect(body!.match(/<w:sectPr/g)?.length).toBe(2)
    // The first section ends in a list paragraph whose set was shared before: it carries the section.
    const ending = /<w:p>(?:(?!<w:p>).)*?first 11\.3/s.exec(body!)?.[0] ?? ''
    expect(ending).toMatch(/<w:pPr><w:pStyle w:val="Compact"\/><w:numPr>.*<w:sectPr/s)
  })

  it('keep a section’s properties to the paragraph that ends it, in every write', async () => {
    const doc = document(paragraphOf)
    const first = readPart(await Packer.pack(doc, 'uint8array'), 'word/document.xml')
    const second = readPart(await Packer.pack(doc, 'uint8array'), 'word/document.xml')
    expect(second).toBe(first)
  })
})
