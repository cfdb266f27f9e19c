/**
 * Section breaks inside the body. Handlers cannot make sections (docx builds them from the
 * Document's `sections`), so they leave a marker where a new section starts — a landscape page
 * for a wide table, the body after a title page — and `document.ts` cuts the body there.
 * The markers never reach the XML.
 */
import { FileChild } from 'docx'

export type SectionKind = 'title' | 'body' | 'landscape' | 'portrait'

export class SectionBreak extends FileChild {
  constructor(readonly starts: Exclude<SectionKind, 'title'>) {
    super('w:markdocxSectionBreak')
  }
}

export interface BodySection {
  kind: SectionKind
  children: FileChild[]
}

/** The body cut at its section markers, without empty sections between two landscape tables. */
export function splitSections(blocks: FileChild[]): BodySection[] {
  const titled = blocks.some((block) => block instanceof SectionBreak && block.starts === 'body')
  const sections: BodySection[] = [{ kind: titled ? 'title' : 'body', children: [] }]
  for (const block of blocks) {
    if (!(block instanceof SectionBreak)) {
      sections[sections.length - 1]!.children.push(block)
      continue
    }
    const current = sections[sections.length - 1]!
    if (current.children.length === 0 && current.kind !== 'title') {
      sections.pop()
      // Nothing between two wide tables: the landscape section simply goes on.
      if (current.kind === 'portrait' && block.starts === 'landscape') continue
    }
    sections.push({ kind: block.starts, children: [] })
  }
  const last = sections[sections.length - 1]
  if (sections.length > 1 && last && last.children.length === 0) sections.pop()
  return sections
}
