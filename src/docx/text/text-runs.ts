/**
 * Text runs — the most numerous element of a document (forty thousand in a 1 MiB README) —
 * written without docx's per-run object tree.
 *
 * docx's TextRun builds a Run, its RunProperties and one component per property for every
 * run, and the packer walks them all again: on a 1 MiB document that was about a fifth of
 * compile and pack time, and much of the garbage. Here docx itself writes the run for each
 * distinct format once (a template, with a placeholder text); each run then hands the packer
 * that template with its own text in the placeholder's place. The XML is docx's own, byte
 * for byte (tests/docx/text-runs.test.ts compares every format); where a template does not
 * have the expected shape (a docx release that writes runs differently), runs are docx's
 * TextRun, as before.
 *
 * BaseXmlComponent and prepForXml are docx's extension point for custom elements.
 */
import { BaseXmlComponent, Tab, TextRun, type IContext, type IXmlableObject, type ParagraphChild } from 'docx'
import type { RunFormat } from '../context.js'
import { asParagraphChild } from '../ooxml/docx-adapter.js'
import { runOptions } from './text.js'

/** The serialisable run of one format: its parts, with the text part at `textIndex`. */
interface Template {
  parts: readonly IXmlableObject[]
  textIndex: number
  /** The text element's attributes entry (`{ _attr: { 'xml:space': 'preserve' } }`). */
  textAttributes: IXmlableObject
}

const PLACEHOLDER = 'markdocx-placeholder'
/** Templates by format; a format is a handful of flags, so this stays small. */
const templates = new Map<string, Template | null>()

class TemplatedRun extends BaseXmlComponent {
  constructor(
    private readonly template: Template,
    private readonly text: string,
  ) {
    super('w:r')
  }

  override prepForXml(): IXmlableObject {
    const parts = this.template.parts.slice()
    parts[this.template.textIndex] = { 'w:t': [this.template.textAttributes, this.text] } as IXmlableObject
    return { 'w:r': parts } as IXmlableObject
  }
}

/** A run docx writes the same way every time (a line break), handed to the packer as written once. */
class PreparedRun extends BaseXmlComponent {
  constructor(private readonly written: IXmlableObject) {
    super('w:r')
  }

  override prepForXml(): IXmlableObject {
    return this.written
  }
}

let lineBreak: IXmlableObject | undefined

/** A line break (`w:br` in a run of its own), as docx's `new TextRun({ break: 1 })` writes it. */
export function lineBreakRun(): ParagraphChild {
  lineBreak ??= new TextRun({ break: 1 }).prepForXml({ stack: [] } as unknown as IContext)
  return lineBreak ? asParagraphChild(new PreparedRun(lineBreak)) : new TextRun({ break: 1 })
}

/** docx's one-tab run per character style ('' for none), taken apart: its parts before the tab, and the tab. */
const tabTemplates = new Map<string, { head: readonly IXmlableObject[]; tab: IXmlableObject } | null>()

/**
 * `count` tabs in one run (`w:r` holding `w:tab` `count` times), in a character style — as
 * docx writes `new TextRun({ style, children: [new Tab(), …] })`. A code line indented by tabs
 * made a run per tab: 100 000 lines indented by 25 tabs on average were 2.5 million runs, 39 s
 * and 3.7 GB in the CLI.
 */
export function tabsRun(count: number, style?: string): ParagraphChild {
  const key = style ?? ''
  let template = tabTemplates.get(key)
  if (template === undefined) {
    const parts = new TextRun({ ...(style ? { style } : {}), children: [new Tab()] }).prepForXml({ stack: [] } as unknown as IContext)?.['w:r']
    const last = Array.isArray(parts) ? (parts.at(-1) as unknown) : undefined
    template = Array.isArray(parts) && isObject(last) && 'w:tab' in last && Object.keys(last).length === 1 ? { head: parts.slice(0, -1) as IXmlableObject[], tab: last as IXmlableObject } : null
    tabTemplates.set(key, template)
  }
  if (!template) return new TextRun({ ...(style ? { style } : {}), children: Array.from({ length: count }, () => new Tab()) })
  const written = { 'w:r': [...template.head, ...Array.from({ length: count }, () => template.tab)] } as IXmlableObject
  return asParagraphChild(new PreparedRun(written))
}

/** A run of (already XML-safe, non-empty) text in `format`. */
export function formattedRun(text: string, format: RunFormat): ParagraphChild {
  const template = templateFor(format)
  return template ? asParagraphChild(new TemplatedRun(template, text)) : new TextRun({ ...runOptions(format), text })
}

function templateFor(format: RunFormat): Template | null {
  const key = formatKey(format)
  let template = templates.get(key)
  if (template === undefined) {
    template = makeTemplate(format)
    templates.set(key, template)
  }
  return template
}

/**
 * Every field of a run format, so the template key cannot miss one: a field added to RunFormat
 * and not here is a type error (and two formats differing only in it would share a template).
 */
const FORMAT_FIELDS: { readonly [K in keyof Required<RunFormat>]: true } = {
  style: true,
  bold: true,
  italics: true,
  strike: true,
  superScript: true,
  subScript: true,
  underline: true,
  smallCaps: true,
  highlight: true,
  rtl: true,
  font: true,
  size: true,
}
const FIELDS = Object.keys(FORMAT_FIELDS) as Array<keyof RunFormat>

function formatKey(format: RunFormat): string {
  let key = ''
  for (const field of FIELDS) key += `${format[field] ?? ''}|`
  return key
}

/** docx's own run for `format`, taken apart; null when it is not `{ 'w:r': [..., { 'w:t': [attributes, text] }] }`. */
function makeTemplate(format: RunFormat): Template | null {
  // A plain TextRun needs nothing from the document to be written: an empty stack will do.
  const written = new TextRun({ ...runOptions(format), text: PLACEHOLDER }).prepForXml({ stack: [] } as unknown as IContext)
  const parts = written?.['w:r']
  if (!Array.isArray(parts)) return null
  const textIndex = parts.findIndex((part: unknown) => {
    const value = (part as Record<string, unknown> | null)?.['w:t']
    return Array.isArray(value) && value.length === 2 && value[1] === PLACEHOLDER && isObject(value[0]) && '_attr' in value[0]
  })
  if (textIndex < 0 || parts.filter((part: unknown) => isObject(part) && 'w:t' in part).length !== 1) return null
  const textAttributes = (parts[textIndex] as { 'w:t': [IXmlableObject, string] })['w:t'][0]
  return { parts: parts as IXmlableObject[], textIndex, textAttributes }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
