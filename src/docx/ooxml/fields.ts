/**
 * Complex fields (w:fldChar begin / instrText / separate / result / end) with a formatted
 * cached result, so the field shows correctly before Word updates it (LibreOffice and
 * pandoc only ever see the cached result). docx's SimpleField caches unformatted text only.
 */
import { BuilderElement, TextRun, XmlAttributeComponent, XmlComponent, type ParagraphChild } from 'docx'

class FieldChar extends BuilderElement<{ type: string }> {
  constructor(type: 'begin' | 'separate' | 'end', dirty = false) {
    super({
      name: 'w:fldChar',
      attributes: { type: { key: 'w:fldCharType', value: type }, ...(dirty ? { dirty: { key: 'w:dirty', value: 'true' } } : {}) },
    })
  }
}

class SpaceAttribute extends XmlAttributeComponent<{ space: 'preserve' }> {
  protected override readonly xmlKeys = { space: 'xml:space' }
}

/** w:instrText with xml:space="preserve", which keeps the spaces between the field's words. */
class InstructionText extends XmlComponent {
  constructor(instruction: string) {
    super('w:instrText')
    this.root.push(new SpaceAttribute({ space: 'preserve' }))
    this.root.push(instruction)
  }
}

/** Runs for a field: `instruction` (e.g. `NOTEREF _Ref1 \h`) with `result` as its cached value. */
export function complexField(instruction: string, result: ParagraphChild[], options: { dirty?: boolean } = {}): ParagraphChild[] {
  return [
    new TextRun({ children: [new FieldChar('begin', options.dirty)] }),
    new TextRun({ children: [new InstructionText(` ${instruction.trim()} `)] }),
    new TextRun({ children: [new FieldChar('separate')] }),
    ...result,
    new TextRun({ children: [new FieldChar('end')] }),
  ]
}

/**
 * The two halves of a field whose result spans paragraphs (a TOC): begin, instruction and
 * separator go before the cached result, the end after it — possibly paragraphs later.
 */
export function complexFieldParts(instruction: string, options: { dirty?: boolean } = {}): { start: ParagraphChild[]; end: ParagraphChild[] } {
  return {
    start: [
      new TextRun({ children: [new FieldChar('begin', options.dirty)] }),
      new TextRun({ children: [new InstructionText(` ${instruction.trim()} `)] }),
      new TextRun({ children: [new FieldChar('separate')] }),
    ],
    end: [new TextRun({ children: [new FieldChar('end')] })],
  }
}
