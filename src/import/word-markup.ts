/**
 * The pre-pass: a workaround for what mammoth drops, done on the XML before mammoth reads it.
 *
 * mammoth (1.13) skips `w:del` (deleted text), `w:commentRangeStart`/`End` (what a comment is
 * about), `m:oMath` (equations) and the results of fields it does not know, and gives a list
 * paragraph only "ordered or not, at level n" — no number, no list instance, no indentation.
 * Rather than fork it, this pass rewrites word/document.xml (and the notes' parts) so mammoth
 * carries that knowledge through as text markers (markers.ts):
 *
 * - `w:ins`/`w:moveTo` and `w:del`/`w:moveFrom` wrappers become insertion/deletion markers
 *   around their runs (deleted text, `w:delText`, becomes ordinary `w:t`); nested changes are
 *   flattened (a deletion inside an insertion is a deletion), and every paragraph closes what
 *   it opened, so markers never span paragraphs;
 * - a tracked paragraph mark (`w:pPr/w:rPr/w:ins`, `w:del`) becomes a mark marker at the
 *   paragraph's end, and a tracked table row (`w:trPr/w:ins`, `w:del`) a row marker in the
 *   row's first paragraph; both are taken out of the XML, so mammoth neither joins a paragraph
 *   whose mark was deleted to the next nor drops a deleted row (tracked-blocks.ts reads them);
 * - comment ranges become start/end markers (mammoth itself marks the comment's reference);
 * - equations (`m:oMathPara`, `m:oMath`) become an equation marker, their LaTeX kept aside;
 * - NOTEREF fields (a note referenced again) and SEQ fields (a caption's number) lose their
 *   cached result and become markers; so do markdocx's ADDIN fields holding a citation's or a
 *   cross-reference's Markdown (field-sources.ts), their whole result (links, nested REF
 *   fields) hidden; a table of contents (its content control) is dropped,
 *   remembered for the front matter;
 * - a list paragraph, an indented or aligned one, gets a facts marker: list instance, level,
 *   number (list-numbers.ts), indentation, alignment, style;
 * - page breaks and horizontal rules become markers.
 *
 * Everything else is copied unchanged. Linear in the part's length.
 */
import { pictureSize, sourceMarker } from './field-sources.js'
import { marker } from './markers.js'
import type { ListCounter } from './list-numbers.js'
import { ommlToLatex } from './omml.js'
import { styleChain, type WordStyle } from './word-styles.js'
import { attributesOf, escapeXml, parseXml, scanXml, unescapeXml } from './xml.js'

export interface Equation {
  latex: string
  display: boolean
  /** Elements the converter did not know (their content is kept). */
  unknown: string[]
}

export interface MarkupFindings {
  insertions: number
  deletions: number
  comments: number
  /** A table of contents was there (and its depth, from `\o "1-3"`). */
  toc?: { depth?: number }
}

export interface MarkupContext {
  counter: ListCounter
  styles: Map<string, WordStyle>
  equations: Equation[]
  findings: MarkupFindings
}

const W_NS = new Set(['http://schemas.openxmlformats.org/wordprocessingml/2006/main', 'http://purl.oclc.org/ooxml/wordprocessingml/main'])
const M_NS = new Set(['http://schemas.openxmlformats.org/officeDocument/2006/math', 'http://purl.oclc.org/ooxml/officeDocument/math'])

/** Elements whose children are runs: where a marker run may be written. */
const RUN_CONTAINERS = new Set(['w:p', 'w:hyperlink', 'w:smartTag', 'w:customXml', 'w:sdtContent', 'w:fldSimple', 'w:ins', 'w:del', 'w:moveTo', 'w:moveFrom', 'w:bdo', 'w:dir'])

type Change = 'ins' | 'del'

interface Paragraph {
  /** Index in the element stack of its `w:p`. */
  depth: number
  started: boolean
  emitted: Change | 'none'
  style?: string
  numId?: string
  ilvl?: number
  left?: number
  align?: string
  pageBreakBefore: boolean
  bottomBorder: boolean
  /** A direct left border: markdocx draws a quote's or callout's rule on the lists and code inside it so. */
  leftBorder?: boolean
  rule: boolean
  /** The indentation of the table whose first paragraph this is. */
  tableIndent?: number
  /** Its paragraph mark is tracked: inserted (the paragraph was split or is new) or deleted (joined to the next). */
  mark?: Change
}

interface Field {
  instr: string
  phase: 'instr' | 'result'
  kind?: 'noteref' | 'seq' | 'toc' | 'source' | 'other'
  bookmark?: string
  /** A source field's marker (field-sources.ts). */
  source?: string
}

/** What a source field's result shows, hidden with it (the text, and what stands for text). */
const RESULT_CONTENT = new Set(['w:t', 'w:tab', 'w:sym', 'w:noBreakHyphen', 'w:softHyphen', 'w:cr', 'w:br', 'w:drawing', 'w:pict', 'w:object'])

/** The part with markers written in (see the file's comment). */
export function markPart(xml: string, context: MarkupContext): string {
  const pieces: string[] = []
  let copied = 0
  const flushTo = (position: number) => {
    if (position > copied) pieces.push(xml.slice(copied, position))
    copied = Math.max(copied, position)
  }
  const drop = (token: { start: number; end: number }) => {
    flushTo(token.start)
    copied = token.end
  }

  // Prefixes as the part declares them (almost always w: and m:).
  let wPrefix = 'w'
  let mPrefix = 'm'
  let prefixesRead = false
  const canonical = (name: string): string => {
    const colon = name.indexOf(':')
    const prefix = colon === -1 ? '' : name.slice(0, colon)
    const local = name.slice(colon + 1)
    if (prefix === wPrefix) return `w:${local}`
    if (prefix === mPrefix) return `m:${local}`
    return name
  }
  const w = (local: string) => (wPrefix === '' ? local : `${wPrefix}:${local}`)

  const stack: string[] = []
  let propsDepth = 0
  const paragraphs: Paragraph[] = []
  const changes: Change[] = []
  const fields: Field[] = []
  const sdts: Array<{ pieces: number; toc: boolean }> = []
  let pending = ''
  /** Dropping an element (a field's cached text, an equation being read): its name and depth. */
  let skip: { name: string; depth: number; start: number; then?: (end: number) => void } | undefined
  let instrTarget: Field | undefined
  /** A table's indentation, waiting for the table's first paragraph. */
  let tableIndent: number | undefined
  /** Stack depths of the hyperlinks inside a source field's result, whose tags are dropped. */
  const hiddenLinks: number[] = []
  const inSourceResult = () => fields.some((field) => field.phase === 'result' && field.kind === 'source')
  /** A row marker waits in `pending` for the row's first paragraph, which must then be kept even if empty. */
  let rowPending = false

  const effective = (): Change | 'none' => (changes.includes('del') ? 'del' : changes.length > 0 ? 'ins' : 'none')
  const current = (): Paragraph | undefined => paragraphs[paragraphs.length - 1]
  const runText = (text: string) => `<${w('r')}><${w('t')} xml:space="preserve">${escapeXml(text)}</${w('t')}></${w('r')}>`

  /** Writes a marker where the scan is: in a run, among runs, or (between paragraphs) into the next paragraph. */
  const emit = (text: string) => {
    const top = stack[stack.length - 1]
    if (top === 'w:r') pieces.push(`<${w('t')} xml:space="preserve">${escapeXml(text)}</${w('t')}>`)
    else if (top !== undefined && RUN_CONTAINERS.has(top) && current()?.started) pieces.push(runText(text))
    else pending += text
  }

  const sync = () => {
    const paragraph = current()
    if (!paragraph?.started) return
    const want = effective()
    if (paragraph.emitted === want) return
    let text = ''
    if (paragraph.emitted !== 'none') text += marker(paragraph.emitted === 'ins' ? 'I' : 'D')
    if (want !== 'none') text += marker(want === 'ins' ? 'i' : 'd')
    paragraph.emitted = want
    pieces.push(runText(text))
  }

  const startContent = (paragraph: Paragraph, position: number) => {
    if (paragraph.started) return
    paragraph.started = true
    flushTo(position)
    const facts = paragraphFacts(paragraph, context)
    // A code paragraph always gets a marker: an empty one is still a (blank) line of code.
    const code = facts === undefined && paragraph.style !== undefined && styleChain(context.styles, paragraph.style).some((entry) => entry.name.toLowerCase() === 'source code')
    const text = (facts ? marker('p', facts) : code ? marker('p') : '') + (paragraph.pageBreakBefore ? marker('b') : '') + pending
    pending = ''
    rowPending = false
    if (text !== '') pieces.push(runText(text))
    sync()
  }

  scanXml(xml, (token) => {
    if (skip) {
      if (token.type === 'open' && !token.selfClosing && canonical(token.name) === skip.name) skip.depth++
      else if (token.type === 'close' && canonical(token.name) === skip.name && --skip.depth === 0) {
        const done = skip
        skip = undefined
        flushTo(done.start)
        copied = token.end
        done.then?.(token.end)
      }
      return
    }
    if (token.type === 'other') {
      // A DTD could declare entities that expand without end; Word writes none.
      if (/^<!DOCTYPE/i.test(xml.slice(token.start, token.start + 9))) drop(token)
      return
    }
    if (token.type === 'text') {
      const field = instrTarget
      if (field && (stack[stack.length - 1] === 'w:instrText' || stack[stack.length - 1] === 'w:delInstrText')) field.instr += unescapeXml(xml.slice(token.start, token.end))
      neutraliseText(token.start, token.end)
      return
    }
    if (!prefixesRead && token.type === 'open') {
      prefixesRead = true
      readPrefixes(xml.slice(token.start, token.end))
    }
    const name = canonical(token.name)
    const paragraph = current()

    if (token.type === 'close') {
      // The element it closes, looked for a few levels down at most: a stray closing tag is ignored.
      let at = -1
      for (let index = stack.length - 1; index >= 0 && index >= stack.length - 64; index--) {
        if (stack[index] === name) {
          at = index
          break
        }
      }
      if (at === -1) return
      // Content after the paragraph's properties starts the paragraph.
      if (paragraph && at === paragraph.depth && name === 'w:p') closeParagraph(paragraph, token)
      else if (name === 'w:ins' || name === 'w:moveTo' || name === 'w:del' || name === 'w:moveFrom') {
        if (propsDepth === 0) {
          drop(token)
          changes.pop()
          sync()
        }
      } else if (name === 'w:delText' || name === 'w:delInstrText') {
        flushTo(token.start)
        pieces.push(`</${w(name === 'w:delText' ? 't' : 'instrText')}>`)
        copied = token.end
      } else if (name === 'w:sdt') {
        const sdt = sdts.pop()
        if (sdt?.toc) {
          flushTo(token.start)
          pieces.length = sdt.pieces
          copied = token.end
        }
      } else if (name === 'w:fldSimple') drop(token)
      else if (name === 'w:hyperlink' && hiddenLinks[hiddenLinks.length - 1] === at) {
        hiddenLinks.pop()
        drop(token)
      }
      if (name === 'w:instrText' || name === 'w:delInstrText') instrTarget = undefined
      for (let index = stack.length - 1; index >= at; index--) if (isProperties(stack[index]!)) propsDepth--
      stack.length = at
      if (paragraph && paragraphs.length > 0 && stack.length <= paragraph.depth) paragraphs.pop()
      return
    }

    // An opening tag.
    const parent = stack[stack.length - 1]
    if (paragraph && !paragraph.started && parent === 'w:p' && stack.length - 1 === paragraph.depth && name !== 'w:pPr') startContent(paragraph, token.start)

    if (propsDepth > 0 && (name === 'w:ins' || name === 'w:del')) {
      // A tracked paragraph mark or table row: remembered as a marker, taken out for mammoth.
      const mark = paragraph !== undefined && parent === 'w:rPr' && stack.length === paragraph.depth + 3 && stack[paragraph.depth + 1] === 'w:pPr'
      if (mark || parent === 'w:trPr') {
        const change: Change = name === 'w:ins' ? 'ins' : 'del'
        if (mark) paragraph.mark = change
        else {
          pending += marker('w', change === 'ins' ? 'i' : 'd')
          rowPending = true
        }
        flushTo(token.start)
        if (token.selfClosing) copied = token.end
        else skip = { name, depth: 1, start: token.start }
        return
      }
    }
    if (paragraph && propsDepth > 0) readProperty(paragraph, name, token)

    if (propsDepth === 0 && !token.selfClosing && (name === 'w:ins' || name === 'w:moveTo' || name === 'w:del' || name === 'w:moveFrom')) {
      const change: Change = name === 'w:ins' || name === 'w:moveTo' ? 'ins' : 'del'
      if (change === 'ins') context.findings.insertions++
      else context.findings.deletions++
      drop(token)
      stack.push(name)
      changes.push(change)
      sync()
      return
    }
    if (inSourceResult() && (RESULT_CONTENT.has(name) || name === 'w:hyperlink' || name === 'm:oMathPara' || name === 'm:oMath')) {
      // A kept citation's or reference's shown form: its source marker stands for it all.
      if (name === 'w:hyperlink') {
        drop(token)
        if (!token.selfClosing) {
          hiddenLinks.push(stack.length)
          stack.push(name)
        }
      } else if (token.selfClosing) drop(token)
      else {
        flushTo(token.start)
        skip = { name, depth: 1, start: token.start }
      }
      return
    }
    if (name === 'm:oMathPara' || name === 'm:oMath') {
      if (token.selfClosing) {
        drop(token)
        return
      }
      const start = token.start
      const display = name === 'm:oMathPara'
      skip = {
        name,
        depth: 1,
        start,
        then: (end) => {
          const equation = equationOf(xml, start, end, display)
          context.equations.push(equation)
          const text = marker(display ? 'M' : 'm', String(context.equations.length - 1))
          if (paragraphs.length === 0) pieces.push(`<${w('p')}>${runText(text)}</${w('p')}>`)
          else {
            const inside = current()
            if (inside && !inside.started) startContent(inside, end)
            emit(text)
          }
        },
      }
      return
    }
    switch (name) {
      case 'w:p':
        if (!token.selfClosing) {
          paragraphs.push({ depth: stack.length, started: false, emitted: 'none', pageBreakBefore: false, bottomBorder: false, rule: false, ...(tableIndent !== undefined ? { tableIndent } : {}) })
          tableIndent = undefined
        }
        break
      case 'w:hyperlink': {
        // Its ScreenTip is the Markdown link's title; mammoth does not read it.
        const tooltip = attributesOf(xml.slice(token.start, token.end)).get(w('tooltip'))
        if (tooltip && !token.selfClosing && paragraph?.started) {
          flushTo(token.end)
          stack.push(name)
          pieces.push(runText(marker('L', tooltip.replace(/[\uFDD0\uFDD1]/g, ''))))
          return
        }
        break
      }
      case 'wp:docPr': {
        // A picture's title (markdocx writes a Markdown image's title there) rides in its description.
        const attributes = attributesOf(xml.slice(token.start, token.end))
        const title = attributes.get('title')
        // markdocx writes the size asked for after the name (`Picture 4 {width=40%}`): kept as a marker too.
        const size = pictureSize(attributes.get('name'))
        const kept = (title && title.trim() !== '' ? marker('T', title.replace(/[\uFDD0\uFDD1]/g, '')) : '') + (size ? marker('W', size) : '')
        if (kept !== '') {
          const description = attributes.get('descr') ?? ''
          flushTo(token.start)
          const tag = xml.slice(token.start, token.end)
          const rewritten = /\sdescr="[^"]*"/.test(tag)
            ? tag.replace(/\sdescr="[^"]*"/, ` descr="${escapeXml(description + kept)}"`)
            : tag.replace(/^<wp:docPr/, `<wp:docPr descr="${escapeXml(description + kept)}"`)
          pieces.push(rewritten)
          copied = token.end
        }
        break
      }
      case 'w:tblInd':
        if (parent === 'w:tblPr') {
          const width = Number(attributesOf(xml.slice(token.start, token.end)).get(w('w')) ?? 'NaN')
          const type = attributesOf(xml.slice(token.start, token.end)).get(w('type'))
          if (Number.isFinite(width) && width > 0 && (type === undefined || type === 'dxa')) tableIndent = width
        }
        break
      case 'w:commentRangeStart':
      case 'w:commentRangeEnd': {
        const id = attributesOf(xml.slice(token.start, token.end)).get(`${w('id')}`) ?? ''
        if (name === 'w:commentRangeStart') context.findings.comments++
        drop(token)
        emit(marker(name === 'w:commentRangeStart' ? 's' : 'e', sanitise(id)))
        if (!token.selfClosing) {
          skip = { name, depth: 1, start: token.end }
        }
        return
      }
      case 'w:delText':
      case 'w:delInstrText': {
        flushTo(token.start)
        const rest = xml.slice(token.start + 1 + token.name.length, token.end)
        pieces.push(`<${w(name === 'w:delText' ? 't' : 'instrText')}${rest}`)
        copied = token.end
        if (name === 'w:delInstrText' && !token.selfClosing) instrTarget = fields[fields.length - 1]
        break
      }
      case 'w:instrText':
        if (!token.selfClosing) instrTarget = fields[fields.length - 1]
        break
      case 'w:fldChar': {
        const type = attributesOf(xml.slice(token.start, token.end)).get(w('fldCharType'))
        if (type === 'begin') fields.push({ instr: '', phase: 'instr' })
        else if (type === 'separate') {
          const field = fields[fields.length - 1]
          if (field) {
            field.phase = 'result'
            classify(field)
          }
        } else if (type === 'end') {
          const field = fields.pop()
          if (field) {
            if (field.kind === undefined) classify(field)
            const text = fieldMarker(field)
            if (text !== '' && stack[stack.length - 1] === 'w:r') {
              flushTo(token.end)
              pieces.push(`<${w('t')} xml:space="preserve">${escapeXml(text)}</${w('t')}>`)
            }
          }
        }
        break
      }
      case 'w:t':
        // A NOTEREF's or SEQ's cached result ("1", "Figure 3") gives way to its marker.
        if (!token.selfClosing && fields.some((field) => field.phase === 'result' && (field.kind === 'noteref' || field.kind === 'seq'))) {
          skip = { name, depth: 1, start: token.start }
          flushTo(token.start)
          return
        }
        break
      case 'w:fldSimple': {
        const field: Field = { instr: attributesOf(xml.slice(token.start, token.end)).get(w('instr')) ?? '', phase: 'result' }
        classify(field)
        const text = fieldMarker(field)
        if (text !== '') {
          flushTo(token.start)
          if (token.selfClosing) {
            copied = token.end
            emit(text)
          } else skip = { name, depth: 1, start: token.start, then: () => emit(text) }
          return
        }
        // mammoth skips w:fldSimple with its content: keep the content.
        drop(token)
        break
      }
      case 'w:br': {
        const type = attributesOf(xml.slice(token.start, token.end)).get(w('type'))
        if (type === 'page') {
          drop(token)
          if (!token.selfClosing) skip = { name, depth: 1, start: token.end }
          emit(marker('b'))
          return
        }
        break
      }
      case 'w:sdt':
        flushTo(token.start)
        if (!token.selfClosing) sdts.push({ pieces: pieces.length, toc: false })
        break
      case 'w:docPartGallery': {
        const value = attributesOf(xml.slice(token.start, token.end)).get(w('val')) ?? ''
        const sdt = sdts[sdts.length - 1]
        if (sdt && /table of contents/i.test(value)) {
          sdt.toc = true
          context.findings.toc ??= {}
        }
        break
      }
      default:
        if (name.endsWith(':rect') || name.endsWith(':line')) {
          // pandoc's (and Word's old) horizontal rule: a VML rectangle with o:hr="t".
          const attributes = attributesOf(xml.slice(token.start, token.end))
          if (attributes.get('o:hr') === 't' && paragraph) paragraph.rule = true
        }
    }
    if (!token.selfClosing) {
      stack.push(name)
      if (isProperties(name)) propsDepth++
    }
  })
  flushTo(xml.length)
  return pieces.join('')

  function closeParagraph(paragraph: Paragraph, token: { start: number; end: number }) {
    if (!paragraph.started && rowPending) startContent(paragraph, token.start)
    const style = paragraph.style !== undefined ? styleChain(context.styles, paragraph.style).map((entry) => entry.name.toLowerCase()) : []
    if (paragraph.rule || (!paragraph.started && (style.includes('horizontal rule') || paragraph.bottomBorder))) {
      startContent(paragraph, token.start)
      pieces.push(runText(marker('h')))
    }
    // An empty list paragraph is an (empty) item, an empty code paragraph an empty code block:
    // their facts (or an empty marker) keep mammoth from dropping them.
    if (!paragraph.started && (paragraph.numId !== undefined || styleChain(context.styles, paragraph.style).some((entry) => entry.numId !== undefined))) startContent(paragraph, token.start)
    if (!paragraph.started && style.includes('source code')) startContent(paragraph, token.start)
    if (paragraph.started && paragraph.emitted !== 'none') {
      flushTo(token.start)
      pieces.push(runText(marker(paragraph.emitted === 'ins' ? 'I' : 'D')))
      paragraph.emitted = 'none'
    }
    if (paragraph.started && paragraph.mark) {
      flushTo(token.start)
      pieces.push(runText(marker('r', paragraph.mark === 'ins' ? 'i' : 'd')))
    }
  }

  function readProperty(paragraph: Paragraph, name: string, token: { start: number; end: number }) {
    // Only w:pPr's children and grandchildren are read (a hostile document may nest deeper).
    if (stack.length - paragraph.depth > 3) return
    const path = stack.slice(paragraph.depth + 1)
    if (path[0] !== 'w:pPr') return
    const attributes = () => attributesOf(xml.slice(token.start, token.end))
    if (path.length === 1) {
      if (name === 'w:pStyle') paragraph.style = attributes().get(w('val'))
      else if (name === 'w:ind') {
        const values = attributes()
        const left = Number(values.get(w('left')) ?? values.get(w('start')) ?? '0')
        if (Number.isFinite(left) && left > 0) paragraph.left = left
      } else if (name === 'w:jc') paragraph.align = attributes().get(w('val'))
      else if (name === 'w:pageBreakBefore') paragraph.pageBreakBefore = attributes().get(w('val')) !== '0' && attributes().get(w('val')) !== 'false'
    } else if (path.length === 2 && path[1] === 'w:numPr') {
      if (name === 'w:numId') paragraph.numId = attributes().get(w('val'))
      else if (name === 'w:ilvl') paragraph.ilvl = Number(attributes().get(w('val')) ?? '0')
    } else if (path.length === 2 && path[1] === 'w:pBdr' && (name === 'w:bottom' || name === 'w:left' || name === 'w:start')) {
      const value = attributes().get(w('val'))
      const drawn = value !== undefined && value !== 'none' && value !== 'nil'
      if (name === 'w:bottom') paragraph.bottomBorder = drawn
      else paragraph.leftBorder = drawn
    }
  }

  function neutraliseText(start: number, end: number) {
    const text = xml.slice(start, end)
    if (/[\uFDD0\uFDD1]|&#(?:x[fF][dD][dD][01]|6504[01]);/.test(text)) {
      flushTo(start)
      pieces.push(text.replace(/[\uFDD0\uFDD1]|&#(?:x[fF][dD][dD][01]|6504[01]);/g, '\uFFFD'))
      copied = end
    }
  }

  function readPrefixes(rootTag: string) {
    for (const [key, value] of attributesOf(rootTag)) {
      if (key !== 'xmlns' && !key.startsWith('xmlns:')) continue
      const prefix = key === 'xmlns' ? '' : key.slice(6)
      if (W_NS.has(value)) wPrefix = prefix
      if (M_NS.has(value)) mPrefix = prefix
    }
  }

  function classify(field: Field) {
    const words = field.instr.trim().split(/\s+/)
    const code = (words[0] ?? '').toUpperCase()
    if (code === 'NOTEREF') {
      field.kind = 'noteref'
      field.bookmark = sanitise(words[1] ?? '')
    } else if (code === 'SEQ') field.kind = 'seq'
    else if (code === 'ADDIN' && (field.source = sourceMarker(field.instr)) !== undefined) field.kind = 'source'
    else if (code === 'TOC') {
      field.kind = 'toc'
      const depth = /\\o\s+"?\d+-(\d+)/.exec(field.instr)
      context.findings.toc = depth ? { depth: Number(depth[1]) } : (context.findings.toc ?? {})
    } else field.kind = 'other'
  }
}

function fieldMarker(field: Field): string {
  if (field.kind === 'noteref') return marker('n', field.bookmark ?? '')
  if (field.kind === 'seq') return marker('q')
  if (field.kind === 'source') return field.source ?? ''
  return ''
}

function isProperties(name: string): boolean {
  return name.endsWith('Pr') || name.endsWith('PrChange') || name === 'w:sdtEndPr'
}

/** Marker payloads hold no `;`, `=` or markers' own characters. */
function sanitise(value: string): string {
  return value.replace(/[;=\uFDD0\uFDD1]/g, '_')
}

function paragraphFacts(paragraph: Paragraph, context: MarkupContext): string | undefined {
  const facts: string[] = []
  let numId = paragraph.numId
  let ilvl = paragraph.ilvl
  if (numId === undefined && paragraph.style !== undefined) {
    // A list style (Word's List Bullet, List Number): its numbering comes from the style.
    const styled = styleChain(context.styles, paragraph.style).find((style) => style.numId !== undefined)
    if (styled) {
      numId = styled.numId
      ilvl ??= styled.ilvl
    }
  }
  if (numId !== undefined) {
    const list = context.counter(numId, ilvl ?? 0)
    if (list) {
      // An invisible bullet (iv) marks a task list's item (markdocx: the box is the bullet) or
      // only indents a paragraph (pandoc: an item's later paragraphs); blocks.ts tells which.
      if (list.invisible) facts.push('iv=1', 'xi=1')
      facts.push(`n=${sanitise(list.numId)}`, `l=${list.level}`, `v=${list.value}`, `o=${list.ordered ? 1 : 0}`, `k=${sanitise(list.look)}`)
      if (list.restarted) facts.push('r=1')
      if (paragraph.left === undefined && list.indent !== undefined) facts.push(`x=${list.indent}`)
      if (list.indent !== undefined) facts.push(`li=${list.indent}`)
    }
  }
  if (paragraph.left !== undefined) facts.push(`x=${paragraph.left}`)
  if (paragraph.tableIndent !== undefined) facts.push(`t=${paragraph.tableIndent}`)
  if (paragraph.leftBorder) facts.push('bl=1')
  if (paragraph.align === 'center' || paragraph.align === 'right' || paragraph.align === 'end') facts.push(`j=${paragraph.align === 'end' ? 'right' : paragraph.align}`)
  if (facts.length === 0) return undefined
  if (paragraph.style !== undefined) facts.push(`s=${sanitise(paragraph.style)}`)
  return facts.join(';')
}

function equationOf(xml: string, start: number, end: number, display: boolean): Equation {
  const tree = parseXml(xml, start, end)
  const { latex, unknown } = ommlToLatex(tree)
  return { latex, display, unknown }
}

