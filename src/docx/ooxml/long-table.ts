/**
 * The tables the compiler makes: docx's, written row by row in a streamed body when they have
 * thousands of rows (child-by-child.ts).
 */
import { elementOf, Table, type IContext, type IXmlableObject } from 'docx'
import { LONG_ELEMENT_CHILDREN, preparedChildren, type ChildByChild, type WritableChildByChild } from './child-by-child.js'

export class MarkdocxTable extends Table implements WritableChildByChild {
  /** For a streamed body: a table of over LONG_ELEMENT_CHILDREN rows, row by row; else undefined. */
  childByChild(context: IContext): ChildByChild | undefined {
    if (this.root.length <= LONG_ELEMENT_CHILDREN || elementOf(this.root[0]) !== 'w:tblPr' || elementOf(this.root[1]) !== 'w:tblGrid') return undefined
    // docx's Table sets its cells' widths for where it stands as it is written: written with its
    // properties and grid only (the rows set aside), then the rows one by one.
    const rows = this.root.splice(2)
    let head: IXmlableObject | undefined
    try {
      head = super.prepForXml(context)
    } finally {
      // One by one: a spread of 100 000 rows would overflow the call stack.
      for (const row of rows) this.root.push(row)
    }
    const start: unknown = head?.['w:tbl']
    if (!Array.isArray(start)) return undefined
    return { name: 'w:tbl', children: concat(start as IXmlableObject[], preparedChildren(this, rows, context)) }
  }
}

function* concat<T>(first: Iterable<T>, second: Iterable<T>): Generator<T> {
  yield* first
  yield* second
}
