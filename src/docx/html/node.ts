/**
 * `htmlElement`: the mdast node markdocx makes of raw HTML that has no Markdown equivalent
 * (`<sub>`, `<kbd>`, `<div align>`, `<details>`, HTML tables…), holding mdast children so the
 * usual handlers compile its content. It exists only inside the compiler: the parser and the
 * preview never see it.
 */
import type { BlockContent, Data, Parent, PhrasingContent } from 'mdast'

export interface HtmlElement extends Parent {
  type: 'htmlElement'
  /** Lower-case tag name. */
  tagName: string
  /** The element's attributes, lower-case names, as written. */
  attributes: Record<string, string>
  /** Phrasing content for inline elements, blocks for block elements, rows and cells for tables. */
  children: Array<BlockContent | PhrasingContent | HtmlElement>
  /** Whether it stands among blocks (a `<div>`) or in a line of text (a `<sub>`). */
  block: boolean
  data?: HtmlElementData
}

export interface HtmlElementData extends Data {
  /** Tags dropped while converting its HTML (reported by the htmlElement handler). */
  unsupported?: string[]
}

declare module 'mdast' {
  interface RootContentMap {
    htmlElement: HtmlElement
  }
  interface PhrasingContentMap {
    htmlElement: HtmlElement
  }
  interface BlockContentMap {
    htmlElement: HtmlElement
  }
  interface HtmlData {
    /** Stands for inline tags nested too deeply to convert (dropped, text kept; see html/prepare.ts). */
    tooDeep?: boolean
  }
}
