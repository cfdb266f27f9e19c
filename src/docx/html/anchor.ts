/**
 * Anchors in raw HTML: an element's `id`, and an `<a>`'s `name` (README authors' way of making a
 * link target). Each becomes an `htmlAnchor` node where the element stands, and a bookmark there.
 */
import type { Element } from 'hast'
import type { Node, Position } from 'unist'

export interface HtmlAnchor extends Node {
  type: 'htmlAnchor'
  /** The id or name as written (trimmed). */
  identifier: string
  /** Whether it stands among blocks (its bookmark goes to the next paragraph) or in a line of text. */
  block: boolean
}

declare module 'mdast' {
  interface RootContentMap {
    htmlAnchor: HtmlAnchor
  }
  interface PhrasingContentMap {
    htmlAnchor: HtmlAnchor
  }
  interface BlockContentMap {
    htmlAnchor: HtmlAnchor
  }
}

/** The HTML attributes that name an anchor on an element: its id, and an `<a>`'s name. */
export function htmlAnchorIds(element: Pick<Element, 'tagName' | 'properties'>): string[] {
  const ids: string[] = []
  const id = typeof element.properties.id === 'string' ? element.properties.id.trim() : ''
  if (id !== '') ids.push(id)
  const name = element.tagName === 'a' && typeof element.properties.name === 'string' ? element.properties.name.trim() : ''
  if (name !== '' && name !== id) ids.push(name)
  return ids
}

/** Anchor nodes for an element's ids, at `position`. */
export function htmlAnchors(element: Pick<Element, 'tagName' | 'properties'>, block: boolean, position: Position | undefined): HtmlAnchor[] {
  return htmlAnchorIds(element).map((identifier) => ({ type: 'htmlAnchor', identifier, block, ...(position ? { position } : {}) }))
}
