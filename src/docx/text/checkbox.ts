/**
 * A task item's checkbox as Word itself writes one: a w14:checkbox content control whose
 * content is the ☐/☒ character as text (MS Gothic). Word users can tick it; readers that do
 * not know content controls (pandoc, mammoth, LibreOffice) still see the character. docx's
 * own CheckBox writes the character as a w:sym, which those readers drop.
 */
import { BuilderElement, TextRun, type ParagraphChild } from 'docx'
import { asParagraphChild } from '../ooxml/docx-adapter.js'

const CHECKED = '2612'
const UNCHECKED = '2610'
const FONT = 'MS Gothic'

const state = (name: string, value: string) =>
  new BuilderElement<{ val: string; font: string }>({ name, attributes: { val: { key: 'w14:val', value }, font: { key: 'w14:font', value: FONT } } })

export function checkbox(checked: boolean): ParagraphChild {
  const properties = new BuilderElement({
    name: 'w:sdtPr',
    children: [
      new BuilderElement({
        name: 'w14:checkbox',
        children: [
          new BuilderElement<{ val: string }>({ name: 'w14:checked', attributes: { val: { key: 'w14:val', value: checked ? '1' : '0' } } }),
          state('w14:checkedState', CHECKED),
          state('w14:uncheckedState', UNCHECKED),
        ],
      }),
    ],
  })
  const glyph = String.fromCharCode(parseInt(checked ? CHECKED : UNCHECKED, 16))
  const content = new BuilderElement({ name: 'w:sdtContent', children: [new TextRun({ text: glyph, font: { ascii: FONT, eastAsia: FONT, hAnsi: FONT } })] })
  return asParagraphChild(new BuilderElement({ name: 'w:sdt', children: [properties, content] }))
}
