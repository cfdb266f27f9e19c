/**
 * Bookmarks: one per heading, named by its GitHub slug so `[x](#slug)` can point at it, one per
 * explicit anchor (HTML ids and names, pandoc `{#id}`s: see anchors.ts), plus hidden `_Ref…`
 * bookmarks for cross-references. Ids come from a per-document counter (the
 * `docx` library's own Bookmark draws from a process-wide one, which would make output depend
 * on what was converted before).
 */
import { BookmarkEnd, BookmarkStart, type ParagraphChild } from 'docx'
import type { FootnoteDefinition, FootnoteReference, Heading, Root } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import { walk } from '../mdast/walk.js'
import { asParagraphChild } from './ooxml/docx-adapter.js'

/** Word keeps at most 40 characters of a bookmark name. */
const MAX_NAME = 40

/**
 * The slugs of the headings that will be written: a heading inside a footnote definition no
 * reference uses never reaches the document, so a `#slug` link to it must not become a link
 * to a bookmark that is not there. (Slugs are numbered over all headings, as the preview does.)
 */
export function writtenHeadingSlugs(tree: Root, slugs: ReadonlyMap<Heading, string>): Map<Heading, string> {
  const referenced = new Set<string>()
  const unusedHeadings = new Set<Heading>()
  const definitions: FootnoteDefinition[] = []
  walk(tree, (node) => {
    if (node.type === 'footnoteReference') referenced.add(normalizeIdentifier((node as FootnoteReference).identifier))
    if (node.type === 'footnoteDefinition') definitions.push(node as FootnoteDefinition)
  })
  for (const definition of definitions) {
    if (referenced.has(normalizeIdentifier(definition.identifier))) continue
    walk(definition, (node) => {
      if (node.type === 'heading') unusedHeadings.add(node as Heading)
    })
  }
  return new Map([...slugs].filter(([heading]) => !unusedHeadings.has(heading)))
}

export class BookmarkRegistry {
  private nextId = 0
  private readonly names = new Set<string>()
  /** The next suffix to try for a base name (lower case). */
  private readonly suffixes = new Map<string, number>()
  private readonly bySlug = new Map<string, string>()
  private readonly byHeading = new Map<Heading, string>()
  private readonly byId = new Map<string, string>()
  private readonly placed = new Set<string>()
  /** Names that differ from the id or slug they were made from, and that id (kept in the .docx for an import). */
  private readonly originals = new Map<string, string>()

  constructor(slugs: ReadonlyMap<Heading, string>, ids: Iterable<string> = []) {
    for (const [heading, slug] of slugs) {
      const name = this.uniqueName(slug)
      this.byHeading.set(heading, name)
      if (!this.bySlug.has(slug)) this.bySlug.set(slug, name)
    }
    for (const id of ids) if (!this.byId.has(id)) this.byId.set(id, this.uniqueName(id))
  }

  /** The bookmark of an explicit anchor id, the first time it is placed (a bookmark is written once); undefined after. */
  place(id: string): string | undefined {
    let name = this.byId.get(id)
    if (!name) this.byId.set(id, (name = this.uniqueName(id)))
    if (this.placed.has(name)) return undefined
    this.placed.add(name)
    return name
  }

  /** The bookmark name of a heading. */
  headingName(heading: Heading): string | undefined {
    return this.byHeading.get(heading)
  }

  /** The bookmark a `#fragment` link points to, if a heading has that slug. */
  anchor(fragment: string): string | undefined {
    let slug = fragment
    try {
      slug = decodeURIComponent(fragment)
    } catch {
      // keep it as written
    }
    return this.bySlug.get(slug) ?? this.byId.get(slug) ?? this.bySlug.get(slug.toLowerCase())
  }

  /** A reserved name for a hidden bookmark (Word hides names starting with `_`). */
  hiddenName(base: string): string {
    return this.uniqueName(`_${base}`)
  }

  /** Each bookmark whose name is not what it was made from (`sec_intro` for `sec:intro`), with that; hidden ones left out. */
  renamed(): ReadonlyMap<string, string> {
    return this.originals
  }

  /** Start and end markers around `children`, with a fresh id. */
  wrap(name: string, children: ParagraphChild[]): ParagraphChild[] {
    const id = ++this.nextId
    return [asParagraphChild(new BookmarkStart(name, id)), ...children, asParagraphChild(new BookmarkEnd(id))]
  }

  private uniqueName(wanted: string): string {
    // Word accepts letters, digits, `_` and `-` (which pandoc writes too); anything else becomes `_`.
    let base = wanted.replace(/[^\p{L}\p{N}_-]/gu, '_') || 'section'
    if (!/^[\p{L}_]/u.test(base)) base = `h_${base}`
    base = base.slice(0, MAX_NAME)
    let name = base
    // The suffixes go on from where this base's last one stopped: 50 000 headings `{#same}`
    // tried 1, 2, 3… each time, and never finished.
    const key = base.toLowerCase()
    let n = this.suffixes.get(key) ?? 1
    for (; this.names.has(name.toLowerCase()); n++) {
      const suffix = `_${n}`
      name = base.slice(0, MAX_NAME - suffix.length) + suffix
    }
    this.suffixes.set(key, n)
    this.names.add(name.toLowerCase())
    if (name !== wanted && !wanted.startsWith('_')) this.originals.set(name, wanted)
    return name
  }
}
