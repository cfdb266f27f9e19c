/**
 * Page furniture: the document title in the header (a TITLE field, which Word fills from the
 * document properties) and the page number in the footer (a PAGE field, or "Page X of Y" with
 * NUMPAGES), in the Header and Footer styles — what Word's Insert › Page Number builds.
 */
import { Footer, Header, Paragraph, TextRun } from 'docx'
import { plainText } from '../ooxml/core-properties.js'
import { complexField } from '../ooxml/fields.js'
import type { State } from '../state.js'
import { xmlSafe } from '../text/text.js'

export interface Furniture {
  header?: Header
  footer?: Footer
}

export function pageFurniture(state: State): Furniture {
  const { pageNumbers, headerTitle, title, labels } = state.features
  const furniture: Furniture = {}
  if (headerTitle && title) {
    // The cached result: what Word's TITLE field shows, the title property in plain text.
    const text = xmlSafe(state.options.title ?? plainText(title, state.options.parseMarkdown)).text
    furniture.header = new Header({ children: [new Paragraph({ style: 'Header', children: complexField('TITLE', [new TextRun(text)]) })] })
  }
  if (pageNumbers) {
    const page = complexField('PAGE \\* ARABIC', [new TextRun('1')])
    const children =
      pageNumbers === 'page-of-pages'
        ? [new TextRun(`${labels.page} `), ...page, new TextRun(` ${labels.of} `), ...complexField('NUMPAGES \\* ARABIC', [new TextRun('1')])]
        : page
    furniture.footer = new Footer({ children: [new Paragraph({ style: 'Footer', children })] })
  }
  return furniture
}
