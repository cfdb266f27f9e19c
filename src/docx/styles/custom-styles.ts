/**
 * pandoc's custom styles: `::: {custom-style="Name"}` gives the paragraphs inside the paragraph
 * style Name, `[text]{custom-style="Name"}` gives the text the character style Name. A name that
 * is one of our styles' names (Block Text, Heading 2…) uses that style; any other is defined in
 * styles.xml — a paragraph style based on Body Text, a character style based on the default
 * paragraph font, looking like their base — so it shows in Word's style pane to be restyled; and
 * a reference document that has a style of that name restyles it (its styles win by name, see
 * style-merge.ts), as with pandoc. It is marked `w:customStyle` (as Word marks a user's own
 * styles), which the import reads back into `custom-style` (src/import/custom-styles.ts).
 */
import type { StyleDef } from './styles.js'

export type CustomStyleKind = 'paragraph' | 'character'

export class CustomStyleRegistry {
  private readonly made = new Map<string, StyleDef>()
  /** `derived` styles' ids → the ids they rename. */
  private readonly bases = new Map<string, string>()
  private readonly taken: Set<string>

  /** `builtIn`: the styles written anyway (their names are matched, their ids kept free). */
  constructor(private readonly builtIn: readonly StyleDef[]) {
    this.taken = new Set(builtIn.map((style) => style.id.toLowerCase()))
  }

  /** The id of the style named `name` of `kind`, defining it when no style has that name. */
  id(name: string, kind: CustomStyleKind): string {
    const wanted = name.trim().replace(/\s+/g, ' ')
    const key = `${kind}:${wanted.toLowerCase().replace(/\s/g, '')}`
    const existing = this.builtIn.find((style) => style.type === kind && style.name.toLowerCase().replace(/\s/g, '') === key.slice(kind.length + 1))
    if (existing) return existing.id
    const known = this.made.get(key)
    if (known) return known.id
    const id = this.freshId(wanted, 'CustomStyle')
    const style: StyleDef =
      kind === 'paragraph'
        ? { type: 'paragraph', id, name: wanted || 'Custom Style', basedOn: 'BodyText', qFormat: true, custom: true }
        : { type: 'character', id, name: wanted || 'Custom Style', basedOn: 'DefaultParagraphFont', qFormat: true, custom: true }
    this.made.set(key, style)
    return id
  }

  /**
   * The id of a paragraph style named `name` that looks exactly like `basedOn` (it overrides
   * nothing): a name Word keeps for the import to read (a callout's typed kind, callouts.ts).
   */
  derived(name: string, basedOn: string): string {
    const key = `derived:${name.toLowerCase()}`
    const known = this.made.get(key)
    if (known) return known.id
    const id = this.freshId(name, 'DerivedStyle')
    this.made.set(key, { type: 'paragraph', id, name, basedOn, uiPriority: 30 })
    this.bases.set(id, basedOn)
    return id
  }

  /** A style id from a name: its letters and digits, starting with a letter, numbered past the ids taken. */
  private freshId(name: string, fallback: string): string {
    let base = name.replace(/[^\p{L}\p{N}]/gu, '') || fallback
    if (!/^\p{L}/u.test(base)) base = `S${base}`
    let id = base
    for (let n = 2; this.taken.has(id.toLowerCase()); n++) id = `${base}${n}`
    this.taken.add(id.toLowerCase())
    return id
  }

  /** The style a `derived` style renames, by id. */
  baseOf(id: string): string | undefined {
    return this.bases.get(id)
  }

  /** The styles defined for the document, in the order they were first used. */
  definitions(): StyleDef[] {
    return [...this.made.values()]
  }
}
