/**
 * External hyperlink relationships, numbered per document.
 *
 * docx's ExternalHyperlink names its relationship with a random id, so the same Markdown
 * would give different XML each time. Instead each link gets `rIdLink<n>` here, one per
 * distinct URL and part, and `document.ts` adds the relationships once the Document exists.
 */
import type { Part } from '../context.js'

export interface ExternalRelationship {
  /** The id without docx's `rId` prefix. */
  id: string
  target: string
  part: Part
}

export class RelationshipRegistry {
  private readonly byKey = new Map<string, ExternalRelationship>()

  /** The relationship id (without `rId`) for a link to `target` from `part`. */
  external(target: string, part: Part): string {
    const key = `${part}\u0000${target}`
    let relationship = this.byKey.get(key)
    if (!relationship) {
      relationship = { id: `Link${this.byKey.size + 1}`, target, part }
      this.byKey.set(key, relationship)
    }
    return relationship.id
  }

  all(): ExternalRelationship[] {
    return [...this.byKey.values()]
  }
}
