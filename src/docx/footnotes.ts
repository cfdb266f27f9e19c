/**
 * Real Word footnotes (footnotes.xml). A note is created at its first reference, so notes are
 * numbered by first reference as readers expect; a repeated reference becomes a NOTEREF field
 * showing the same number (Word cannot point two reference marks at one note).
 */
import type { Paragraph } from 'docx'
import type { FootnoteDefinition, FootnoteReference, Root } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import { walk } from '../mdast/walk.js'

export interface FootnoteUse {
  /** The note's id in footnotes.xml. */
  id: number
  /** The number Word shows for it (order of first reference in the body). */
  number: number
  /** First reference (creates the note) or a repeat (cross-reference). */
  first: boolean
  definition: FootnoteDefinition
  /** Name of the hidden bookmark around the first reference, for NOTEREF fields. */
  bookmark: string
}

export class FootnoteRegistry {
  private readonly ids = new Map<string, number>()
  private readonly bodies = new Map<number, Paragraph[]>()
  private readonly used = new Set<string>()
  private readonly carried = new Set<string>()
  private carrying: FootnoteDefinition[] | undefined
  /** Display number of every note referenced from the body, by first reference. */
  private readonly numbers: Map<string, number>

  constructor(
    private readonly definitions: ReadonlyMap<string, FootnoteDefinition>,
    tree: Root,
  ) {
    this.numbers = bodyReferenceOrder(tree, definitions)
  }

  definition(identifier: string): FootnoteDefinition | undefined {
    return this.definitions.get(normalizeIdentifier(identifier))
  }

  /** The number Word shows for a note referenced from the body (undefined if only other notes reference it). */
  bodyNumber(identifier: string): number | undefined {
    return this.numbers.get(normalizeIdentifier(identifier))
  }

  /** Name of the hidden bookmark around a note's first reference (NOTEREF fields point to it). */
  bookmarkName(number: number): string {
    return `_RefFootnote${number}`
  }

  /**
   * Notes referenced only from inside other notes have their text carried into the note
   * that references them; `collectNested` gathers those met while `fn` compiles a note.
   */
  collectNested<T>(into: FootnoteDefinition[], fn: () => T): T {
    const saved = this.carrying
    this.carrying = into
    try {
      return fn()
    } finally {
      this.carrying = saved
    }
  }

  /** Carries a note's text into the note being compiled (once per note). */
  carry(definition: FootnoteDefinition): void {
    const key = normalizeIdentifier(definition.identifier)
    this.used.add(key)
    if (this.carried.has(key)) return
    this.carried.add(key)
    this.carrying?.push(definition)
  }

  /** Records a reference from the body; undefined when the label has no definition. */
  refer(identifier: string): FootnoteUse | undefined {
    const key = normalizeIdentifier(identifier)
    const definition = this.definitions.get(key)
    if (!definition) return undefined
    this.used.add(key)
    let id = this.ids.get(key)
    const first = id === undefined
    // Ids 0 and -1 are Word's separator notes; real notes count from 1.
    if (id === undefined) {
      id = this.ids.size + 1
      this.ids.set(key, id)
    }
    const number = this.numbers.get(key) ?? id
    return { id, number, first, definition, bookmark: this.bookmarkName(number) }
  }

  /** A note no definition stands for (a citation in a note style): its id, its body set. */
  addNote(blocks: Paragraph[]): number {
    const id = this.ids.size + 1
    // A key no label can have (labels are normalised text).
    this.ids.set(`\u0000note${id}`, id)
    this.bodies.set(id, blocks)
    return id
  }

  setBody(id: number, blocks: Paragraph[]): void {
    this.bodies.set(id, blocks)
  }

  /** The `footnotes` option of docx's Document. */
  notes(): Record<string, { children: Paragraph[] }> {
    const notes: Record<string, { children: Paragraph[] }> = {}
    for (const [id, children] of this.bodies) notes[id] = { children }
    return notes
  }

  /** Definitions no reference used, in document order. */
  unused(): FootnoteDefinition[] {
    return [...this.definitions].filter(([key]) => !this.used.has(key)).map(([, definition]) => definition)
  }
}

/** Labels in order of their first reference outside footnote definitions. */
function bodyReferenceOrder(tree: Root, definitions: ReadonlyMap<string, FootnoteDefinition>): Map<string, number> {
  const numbers = new Map<string, number>()
  // References inside footnote bodies are not in the body: those notes are left out.
  walk(tree, (node) => {
    if (node.type === 'footnoteDefinition') return false
    if (node.type !== 'footnoteReference') return true
    const key = normalizeIdentifier((node as FootnoteReference).identifier)
    if (definitions.has(key) && !numbers.has(key)) numbers.set(key, numbers.size + 1)
    return true
  })
  return numbers
}

