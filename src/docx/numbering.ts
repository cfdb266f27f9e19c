/**
 * Real Word lists (numbering.xml). One abstract definition per list kind — bullet, ordered,
 * task — with nine levels; every ordered list gets its own `w:num` instance, so each list
 * restarts where Word would otherwise continue counting. An ordered list that starts elsewhere
 * than 1 gets a kind of its own (`ordered-5`), because docx writes each instance's start
 * overrides from its abstract definition. Bullets and checkboxes count nothing, so bullet lists
 * share instances, and task lists too: an instance is nine start overrides in numbering.xml,
 * and 200 000 one-item bullet lists made packing take minutes.
 */
import { AlignmentType, LevelFormat, type INumberingOptions } from 'docx'
import type { List } from 'mdast'
import type { NumberingRef } from './context.js'
import { HEADING_LIST, headingLevels } from './page/heading-numbering.js'

export type ListKind = 'bullet' | 'ordered' | 'task'

/** Word's lists have nine levels, 0–8. */
export const MAX_LIST_LEVEL = 8
/** Indent of each list level's text, and the hanging room its number takes. */
export const LIST_INDENT = 720
export const LIST_HANGING = 360

const BULLETS = ['•', '◦', '▪']
const ORDERED_FORMATS = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN]

type Level = INumberingOptions['config'][number]['levels'][number]

export class NumberingRegistry {
  private readonly definitions = new Map<string, Level[]>()
  private readonly instances = new Map<List, { reference: string; instance: number }>()
  /** The two instances all bullet lists share, and all task lists (a list right after another takes the other). */
  private readonly shared = new Map<ListKind, [{ reference: string; instance: number }, { reference: string; instance: number }]>()
  private nextInstance = 0

  /**
   * The numbering of a list (the same list always gets the same instance). `previous`: the list
   * right before this one, if any: a bullet list right after another takes the other of its
   * kind's two shared instances, so that the two stay two lists for readers of the .docx.
   */
  list(list: List, kind: ListKind, level: number, previous?: List): NumberingRef {
    let found = this.instances.get(list)
    if (!found) {
      const start = kind === 'ordered' ? clampStart(list.start) : 1
      const reference = kind === 'ordered' && start !== 1 ? `ordered-${start}` : kind
      if (!this.definitions.has(reference)) this.definitions.set(reference, levels(kind, start))
      if (kind === 'ordered') found = { reference, instance: ++this.nextInstance }
      else {
        let pair = this.shared.get(kind)
        if (!pair) this.shared.set(kind, (pair = [{ reference, instance: ++this.nextInstance }, { reference, instance: ++this.nextInstance }]))
        found = previous && this.instances.get(previous) === pair[0] ? pair[1] : pair[0]
      }
      this.instances.set(list, found)
    }
    return { ...found, level }
  }

  /** Defines the heading list, which the Heading styles carry (see heading-numbering.ts). */
  numberHeadings(): void {
    if (!this.definitions.has(HEADING_LIST)) this.definitions.set(HEADING_LIST, headingLevels())
  }

  /** Whether any heading was numbered. */
  get numbersHeadings(): boolean {
    return this.definitions.has(HEADING_LIST)
  }

  /** The `numbering` option of docx's Document. */
  config(): INumberingOptions['config'] {
    return [...this.definitions].map(([reference, levels]) => ({ reference, levels }))
  }
}

/** Word takes list starts from 0 up; Markdown allows up to 999999999. */
function clampStart(start: number | null | undefined): number {
  if (start === null || start === undefined || !Number.isFinite(start)) return 1
  return Math.min(Math.max(Math.trunc(start), 0), 999_999_999)
}

function levels(kind: ListKind, start: number): Level[] {
  return Array.from({ length: MAX_LIST_LEVEL + 1 }, (_, level): Level => {
    const indent = { left: LIST_INDENT * (level + 1), hanging: LIST_HANGING }
    if (kind === 'ordered') {
      return {
        level,
        format: ORDERED_FORMATS[level % ORDERED_FORMATS.length]!,
        text: `%${level + 1}.`,
        alignment: AlignmentType.LEFT,
        start,
        style: { paragraph: { indent } },
      }
    }
    return {
      level,
      format: LevelFormat.BULLET,
      // Task items carry their own checkbox, which stands where the bullet would; a no-break
      // space (not an empty text, which docx leaves out and readers then misread) marks it.
      text: kind === 'task' ? '\u00A0' : BULLETS[level % BULLETS.length]!,
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent } },
    }
  })
}
