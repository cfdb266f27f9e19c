/**
 * A hyperlink with a ScreenTip (`w:tooltip`), for Markdown link titles (`[x](url "title")`).
 * docx's hyperlink classes take no tooltip, so this one adds the attribute to theirs — the
 * one place that reaches into ConcreteHyperlink.
 */
import { ConcreteHyperlink, XmlAttributeComponent, type ParagraphChild } from 'docx'
import { asParagraphChild } from '../ooxml/docx-adapter.js'

class TooltipAttributes extends XmlAttributeComponent<{ tooltip: string }> {
  protected override readonly xmlKeys = { tooltip: 'w:tooltip' }
}

class TitledHyperlink extends ConcreteHyperlink {
  constructor(children: ParagraphChild[], relationshipId: string, anchor: string | undefined, title: string) {
    super(children, relationshipId, anchor)
    this.root.push(new TooltipAttributes({ tooltip: title }))
  }
}

/** An external (`relationshipId`) or internal (`anchor`) hyperlink, with `title` as its ScreenTip when there is one. */
export function hyperlinkElement(children: ParagraphChild[], target: { relationshipId: string } | { anchor: string }, title: string | undefined): ParagraphChild {
  const [id, anchor] = 'anchor' in target ? ['', target.anchor] : [target.relationshipId, undefined]
  return asParagraphChild(title ? new TitledHyperlink(children, id, anchor, title) : new ConcreteHyperlink(children, id, anchor))
}
