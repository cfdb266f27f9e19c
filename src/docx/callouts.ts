/**
 * Callouts in Word: each kind a pair of paragraph styles — "Callout Note" for the content, a
 * box of paragraphs with a coloured rule at the left and a light fill (Word joins the borders
 * of consecutive paragraphs with the same border into one box), and "Callout Note Title" for
 * the title above it, bold in the rule's colour and kept with the content. Styles rather than
 * direct formatting, so a reference document or Word's style pane restyles every callout of
 * a kind at once; paragraphs inside a callout that have styles of their own (list items, code)
 * get the kind's rule and fill as direct formatting so the box does not break around them.
 */
import { BorderStyle, ShadingType, type IParagraphOptions } from 'docx'
import type { Parents } from 'mdast'
import type { Callout, CalloutKind } from '../mdast/nodes.js'
import type { Context } from './context.js'
import type { Block, State } from './state.js'
import type { StyleDef } from './styles/styles.js'

interface Look {
  rule: string
  fill: string
}

/** GitHub's alert colours, with fills light enough for black text. */
const LOOKS: Readonly<Record<CalloutKind, Look>> = {
  note: { rule: '0969DA', fill: 'EEF6FF' },
  tip: { rule: '1A7F37', fill: 'EEFBF1' },
  important: { rule: '8250DF', fill: 'F7F0FF' },
  warning: { rule: '9A6700', fill: 'FFF8E1' },
  caution: { rule: 'D1242F', fill: 'FFF0EE' },
}

const KINDS = Object.keys(LOOKS) as CalloutKind[]

/** Rule width in eighths of a point, and its distance from the text in points. */
const RULE_SIZE = 24
const RULE_SPACE = 8
/** Text indent of a callout, so the rule and its space sit inside the margin. */
export const CALLOUT_INDENT = 240

const name = (kind: CalloutKind) => kind.charAt(0).toUpperCase() + kind.slice(1)

/** The content style's id of a kind (`CalloutNote`). */
export function calloutStyle(kind: CalloutKind): string {
  return `Callout${name(kind)}`
}

/** The title style's id of a kind (`CalloutNoteTitle`). */
export function calloutTitleStyle(kind: CalloutKind): string {
  return `Callout${name(kind)}Title`
}

const STYLE_IDS = new Set(KINDS.flatMap((kind) => [calloutStyle(kind), calloutTitleStyle(kind)]))

/** Whether a paragraph style is one of the callout styles (which draw the box themselves). */
export function isCalloutStyle(style: string): boolean {
  return STYLE_IDS.has(style)
}

/** The kind's rule and fill as direct paragraph formatting, for paragraphs in a style of their own. */
export function calloutFrame(kind: CalloutKind, withFill: boolean): Pick<IParagraphOptions, 'border' | 'shading'> {
  const look = LOOKS[kind]
  return {
    border: { left: { style: BorderStyle.SINGLE, size: RULE_SIZE, space: RULE_SPACE, color: look.rule } },
    ...(withFill ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: look.fill } } : {}),
  }
}

/**
 * A callout's blocks (a quote's `> [!NOTE]` or a div's `::: warning`): the title paragraph and the
 * content in the kind's styles, one box. Undefined where a box does not fit (a table cell, a
 * footnote): the caller writes the content its usual way, with the title in bold.
 */
export function calloutBlocks(state: State, node: Parents, callout: Callout, context: Context): Block[] | undefined {
  if (context.inTable || context.inFootnote) return undefined
  const inner: Context = {
    ...context,
    indent: context.indent + CALLOUT_INDENT,
    width: Math.max(context.width - CALLOUT_INDENT, 1440),
    paragraphStyle: calloutStyle(callout.kind),
    callout: callout.kind,
  }
  const title = state.paragraph(inner, state.text(callout.title, inner, node), { style: titleStyle(state, callout) })
  return [title, ...state.blocks(node, inner)]
}

/**
 * The title's style: the kind's, or — for a type drawn as the nearest kind (Obsidian's `faq` as
 * Important) — a style named for the type ("Callout faq Title") based on the kind's title
 * style, changing nothing, so the typed name is kept in the .docx and the import reads it back.
 */
function titleStyle(state: State, callout: Callout): string {
  const kind = calloutTitleStyle(callout.kind)
  const type = callout.type.trim()
  if (type === '' || (KINDS as string[]).includes(type.toLowerCase()) || !/^[\p{L}\p{N}_-]{1,40}$/u.test(type)) return kind
  return state.customStyles.derived(`Callout ${type} Title`, kind)
}

/** Each callout style's own left indent (see STYLE_INDENT). */
export function calloutStyleIndents(): Record<string, number> {
  return Object.fromEntries([...STYLE_IDS].map((id) => [id, CALLOUT_INDENT]))
}

export function calloutStyles(): StyleDef[] {
  return KINDS.flatMap((kind): StyleDef[] => {
    const look = LOOKS[kind]
    const box = { borderLeft: { color: look.rule, size: RULE_SIZE, space: RULE_SPACE }, shade: look.fill, indent: { left: CALLOUT_INDENT, right: 0 } }
    return [
      {
        type: 'paragraph',
        id: calloutStyle(kind),
        name: `Callout ${name(kind)}`,
        basedOn: 'BodyText',
        uiPriority: 30,
        pPr: { ...box, spacing: { before: 0, after: 120 } },
      },
      {
        type: 'paragraph',
        id: calloutTitleStyle(kind),
        name: `Callout ${name(kind)} Title`,
        basedOn: calloutStyle(kind),
        next: calloutStyle(kind),
        uiPriority: 30,
        pPr: { ...box, keepNext: true, spacing: { before: 120, after: 60 } },
        rPr: { bold: true, color: look.rule },
      },
    ]
  })
}
