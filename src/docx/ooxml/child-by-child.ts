/**
 * A paragraph of thousands of children (runs, breaks, comment marks), or a table of thousands
 * of rows, written child by child in a streamed body (streamed-body.ts). docx writes an
 * element as one object tree of all its children, then the XML: a paragraph of 400 000 runs
 * (200 000 hard breaks) held 570 MB while packing, one of 160 000 tracked changes 900 MB, a
 * table of 99 000 rows 900 MB. Here its start tag and properties, each child and its end tag
 * are written in turn, at the depths docx writes them, and let go: the same XML, byte for
 * byte (tests/docx/streamed-body.test.ts).
 */
import { isXmlComponent, type BaseXmlComponent, type IContext, type IXmlableObject } from 'docx'

/** Children past which a paragraph or table of a streamed body is written child by child. */
export const LONG_ELEMENT_CHILDREN = 1024

/** An element written child by child: its name, and its prepared children in order (properties first). */
export interface ChildByChild {
  readonly name: string
  readonly children: Iterable<IXmlableObject>
}

/** A component that can be written child by child when long (MarkdocxParagraph, MarkdocxTable). */
export interface WritableChildByChild {
  childByChild(context: IContext): ChildByChild | undefined
}

export function writableChildByChild(component: object): component is WritableChildByChild {
  return typeof (component as Partial<WritableChildByChild>).childByChild === 'function'
}

/** The children that go in an element's start, before the children written one by one. */
const HEAD: ReadonlySet<string> = new Set(['w:pPr', 'w:tblPr', 'w:tblGrid'])

/** An element that stands for the children while the element's start and end are written. */
const SLICE: IXmlableObject = { 'markdocx:children': {} }

/**
 * `components` prepared as docx's XmlComponent prepares its children (`owner` on the context's
 * stack meanwhile; a component that stands for several, `writtenAs`, as those), one at a time.
 */
export function* preparedChildren(owner: BaseXmlComponent, components: Iterable<unknown>, context: IContext): Generator<IXmlableObject> {
  context.stack.push(owner)
  try {
    for (const component of components) {
      if (!isXmlComponent(component)) {
        if (component !== undefined) yield component as IXmlableObject
        continue
      }
      for (const part of component.writtenAs ?? [component]) {
        const object = part.prepForXml(context)
        if (object !== undefined) yield object
      }
    }
  } finally {
    context.stack.pop()
  }
}

/**
 * The XML of an element, in pieces: `stringify` writes an object at the element's depth (or
 * `deeper` levels below it).
 */
export function* childByChildXml({ name, children }: ChildByChild, stringify: (object: IXmlableObject, deeper?: number) => string): Generator<string> {
  const iterator = children[Symbol.iterator]()
  const head: IXmlableObject[] = []
  let item = iterator.next()
  while (!item.done && HEAD.has(Object.keys(item.value)[0] ?? '')) {
    head.push(item.value)
    item = iterator.next()
  }
  // The element with one stand-in child, cut where that child is: its start, and its end.
  const whole = stringify({ [name]: [...head, SLICE] })
  const slice = stringify(SLICE, 1)
  const at = whole.indexOf(slice)
  if (at < 0) throw new Error(`markdocx: a long ${name} could not be written child by child`)
  yield whole.slice(0, at)
  for (; !item.done; item = iterator.next()) yield stringify(item.value, 1)
  yield whole.slice(at + slice.length)
}
