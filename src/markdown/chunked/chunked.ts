/**
 * Chunked, cached Markdown parsing: the same tree as `parseMarkdown`, in time linear in the
 * document and, after an edit, in the size of the edit.
 *
 * remark's parser slows down on long documents (every list item closed rescans all events seen so
 * far: 1 MiB of lists takes seconds). Top-level blocks do not depend on one another, except
 * through link and footnote definitions, so the text is cut into chunks of whole top-level blocks
 * (chunk-scan.ts), each chunk is parsed alone with the whole document's labels known
 * (chunk-labels.ts), and the trees are stitched into one (chunk-stitch.ts), with positions
 * (line, column, offset) moved to where the chunk stands in the document. Every cut is checked
 * against the parsed chunks and undone where it was not exact; what cannot be made exact falls
 * back to one whole parse. tests/markdown/chunked*.test.ts hold the result deep-equal to
 * `parseMarkdown` (positions included) over fixtures, real READMEs, generated documents and edits.
 *
 * A parser made by `createChunkedParser` keeps chunk trees by content, so parsing the next
 * version of a document only parses the chunks that changed; the others are reused with their
 * positions moved. The trees it returns share those nodes with later results: treat a result
 * as read-only, and as current until the next `parse` call.
 *
 * Extending the processor: a transform that looks at a top-level block's neighbours (as the
 * `Table:` caption does) must keep its node types out of SAFE_AT_CUT in chunk-stitch.ts.
 */
import type { Code, Html, List, Paragraph, Root, RootContent, Table } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import { VFile } from 'vfile'
import { answersHold, definedLabels, withLabels, type LabelRecord } from './chunk-labels.js'
import { literalBlockRanges, rescanCuts, scanCuts, type Cut, type LinePlace, type Scan, type ScanOptions, type Unchanged } from './chunk-scan.js'
import { GuardedRegions, nextBlankLine } from './guarded-regions.js'
import { guardWhole, reportFindings } from '../guards/guard-plugin.js'
import { restorePlaceholders } from '../guards/guard.js'
import { sortMessages } from '../message-order.js'
import { captionBeforeLastTable, checkCut, joinCode, joinLists, joinParagraphs, joinTables, lineEnd, nextLine, shiftPositions, type LineBreak, type Verdict } from './chunk-stitch.js'
import { parseMarkdown, type ParseResult } from '../parse.js'
import { hashString } from '../../util/hash.js'
import { createMarkdownProcessor } from '../processor.js'
import { countLines } from '../../util/count-lines.js'

/** One top-level chunk of the result: whole top-level nodes, and the source they were parsed from. */
export interface ChunkInfo {
  /** Content key (a hash of the chunk's text): equal keys, equal text. */
  key: string
  /** 1-based first line, and the line the next chunk starts on. */
  startLine: number
  endLine: number
  /** Offsets of the chunk's text: [startOffset, endOffset). */
  startOffset: number
  endOffset: number
  /** The chunk's top-level nodes: `tree.children.slice(nodeStart, nodeEnd)`. */
  nodeStart: number
  nodeEnd: number
  /** Whether every tree of this chunk came from the cache. */
  reused: boolean
}

/** The labels a parse looked up (with the answers it used) and the labels it defines (micromark-normalised). */
export interface ChunkedLabels {
  asked: Map<string, boolean>
  askedNotes: Map<string, boolean>
  definitions: Set<string>
  footnotes: Set<string>
}

export interface ChunkedParseResult extends ParseResult {
  chunks: ChunkInfo[]
  /** For a parse of part of a document (`outside`): what the caller must check against the whole document's labels. */
  labels: ChunkedLabels
  /** How many parsed pieces were reused from the cache (0 on a first parse). */
  reused: number
  /** How many pieces were parsed (not reused) in this call. */
  parsed: number
}

export interface ChunkedParserOptions {
  /** A piece is not cut before it has this many characters (default 1024). */
  minChunk?: number
  /** One cut in `every` (chosen by a hash of the line, so cuts survive edits) is taken (default 4). */
  every?: number
  /** Past this many characters any cut is taken (default 8192). */
  maxChunk?: number
  /**
   * Past this many list item lines any cut is taken (default 24): remark closes each item with
   * a pass over everything parsed so far, so a chunk's cost grows with items × length.
   */
  maxItems?: number
  /**
   * For a part of a document parsed on its own (the CLI parses halves in parallel): labels
   * the rest of the document is thought to define. They are answered as defined, and taken as
   * defined when the answers are checked; the caller checks `labels` against the real set.
   */
  outside?: { definitions: ReadonlySet<string>; footnotes: ReadonlySet<string> }
  /** Where the text starts in its document (1-based line, offset): positions are moved there. */
  base?: { line: number; offset: number }
  /** Lines a top-level paragraph runs before it may be cut inside (chunk-scan.ts; default 64). */
  paragraphLines?: number
  /**
   * Cut long lines of top-level paragraphs too (chunk-scan.ts `spaceCuts`; tests give small sizes): for one-off parses,
   * as the incremental scan of a parse told what an edit left unchanged does not offer them.
   */
  spaceCuts?: ScanOptions['spaceCuts']
  /** Cut inside long top-level fenced code and HTML blocks too (chunk-scan.ts `fenceCuts`): for one-off parses, as `spaceCuts`. */
  fenceCuts?: boolean
  /**
   * Guard the whole document once before cutting it (guard-plugin.ts `guardWhole`), so that a
   * paragraph the guard changes (a table over the cell budget kept as text, hundreds of `:`
   * lines) is cut into pieces like any other instead of being parsed whole. For one-off parses:
   * it costs a pass over the whole text, which a parse told what an edit left unchanged skips.
   */
  guardWhole?: boolean
}

export interface ChunkedParser {
  /**
   * `unchanged`, when given, says how much of the text's start and end is as in the text of the
   * previous call (an editor knows its edits): the cuts are then scanned for only around the
   * change (chunk-scan.ts `rescanCuts`), in time proportional to it.
   */
  parse(text: string, path?: string, unchanged?: Unchanged): ChunkedParseResult
  /** Forgets every cached chunk. */
  clear(): void
}

const processor = createMarkdownProcessor().freeze()

/** A parsed piece, kept by content. Its tree's positions are those of where it last stood. */
interface Entry {
  /** Hash of `text`, for ChunkInfo. */
  readonly key: string
  /** The piece's text (its own copy: see `ownString`). */
  readonly text: string
  tree: Root
  record: LabelRecord
  /** The labels its definitions and footnote definitions define. */
  defines: { definitions: Set<string>; footnotes: Set<string> }
  messages: VFile['messages']
  /** Line and offset the tree's positions are currently relative to. */
  line: number
  offset: number
  /** The parse call that last used it (an entry serves one place per call). */
  used: number
  /** Columns the points on its first line are moved by (a `space` piece starts inside a line). */
  column: number
  /** Lines and characters parsed before the piece's own text: a table's header and delimiter rows (a `row` piece). */
  readonly prefixLines: number
  readonly prefixLength: number
}

/** A piece of the text and the entry parsed from it. */
interface Placed {
  readonly start: number
  readonly end: number
  readonly line: number
  readonly kind: Cut['kind']
  /** Columns before its start on its first line (a `space` piece starts inside a line; 0 otherwise). */
  readonly column: number
  entry: Entry
  reused: boolean
  /** Whether its first node continues the previous piece's last list. */
  join: boolean
  /** When joined: whether a blank line was between the two lists' items (the list is loose). */
  blankBefore: boolean
  /** Whether its first node (a paragraph) goes on the previous piece's last paragraph, and across what line ending. */
  lineBreak?: LineBreak
  /** Whether its first node (a table under the same header) goes on the previous piece's last table. */
  rows?: true
  /** Whether its first node (code or HTML under the same opening line) goes on the previous piece's last code or HTML. */
  code?: true
  /** Whether its last table (a row piece: its table) has a caption before it. */
  captionBefore?: boolean
}

const EMPTY: ReadonlySet<string> = new Set()

export function createChunkedParser(options: ChunkedParserOptions = {}): ChunkedParser {
  const minChunk = options.minChunk ?? 1024
  const every = Math.max(1, options.every ?? 4)
  const maxChunk = options.maxChunk ?? 8192
  const maxItems = options.maxItems ?? 24
  const { outside, base } = options
  const scanOptions: ScanOptions = { ...(options.paragraphLines === undefined ? {} : { paragraphLines: options.paragraphLines }), ...(options.spaceCuts ? { spaceCuts: options.spaceCuts } : {}), ...(options.fenceCuts ? { fenceCuts: true } : {}) }
  // Entries by their text (a Map hashes strings natively, far faster than a hash in JavaScript).
  let cache = new Map<string, Entry[]>()
  let generation = 0
  // The labels of the last document: the best guess for the next one.
  let definitions: ReadonlySet<string> = EMPTY
  let footnotes: ReadonlySet<string> = EMPTY
  // The last text's cuts, for an incremental scan of the next one.
  let lastScan: { scan: Scan; length: number } | undefined
  // The placeholders of the last parse guarded whole ('' for none; undefined when not guarded
  // whole): its entries' texts hold them, so they stand for other characters under others.
  let lastSignature: string | undefined

  function parse(text: string, path?: string, unchanged?: Unchanged): ChunkedParseResult {
    generation++
    // micromark drops a leading byte order mark and counts offsets without it, so every offset
    // differs from the string's index by one: only a whole parse reproduces that.
    if (text.charCodeAt(0) === 0xfeff) return whole(text, path)
    const file = new VFile({ value: text, path })
    // Pieces are cut from the text the whole parse's parser reads, guarded once (guardWhole).
    const guard = options.guardWhole && unchanged === undefined ? guardWhole(text) : undefined
    const source = guard?.text ?? text
    const restore = guard?.restore && { map: guard.restore, pattern: new RegExp(`[${[...guard.restore.keys()].join('')}]`) }
    const signature = restore ? [...restore.map].join() : guard ? '' : undefined
    if (signature !== lastSignature) cache = new Map()
    lastSignature = signature
    /** What a piece parsed from `source` (with a header copy when a row piece) reads in the text itself. */
    const guardOf = (start: number, end: number, header: LinePlace | undefined): WholeGuard | undefined =>
      guard && { original: (header ? prefixOf(text, header, kinds.get(start)) : '') + text.slice(start, end), restore }
    const scan = unchanged && lastScan ? rescanCuts(source, lastScan.scan, lastScan.length, unchanged, scanOptions) : scanCuts(source, scanOptions)
    // The cuts of a guarded text are not the text's: the next scan starts afresh.
    lastScan = guard ? undefined : { scan, length: text.length }
    const { cuts, endLine } = scan
    // Where pieces may start: offset → line and kind of cut.
    const bounds = [0]
    const lines = new Map<number, number>([[0, 1], [source.length, endLine]])
    const kinds = new Map<number, Cut['kind']>()
    const headers = new Map<number, LinePlace>()
    // Where a `space` piece starts inside its line: columns before it.
    const columns = new Map<number, number>()
    const frontMatterEnd = frontMatterClose(source)
    let last = 0
    let items = 0
    // Guarded whole, the text has nothing left the guard would change in any piece.
    const guarded = guard ? undefined : new GuardedRegions(text)
    for (const cut of cuts) {
      items += cut.items
      if (cut.offset <= frontMatterEnd) continue
      // Inside a paragraph the parser's guard (guard.ts) must find nothing, as its limits are per
      // paragraph: a piece under them would read what the whole takes literally.
      if ((cut.kind === 'line' || cut.kind === 'row' || cut.kind === 'space') && guarded?.touched(cut.offset)) continue
      const size = cut.offset - last
      if (size >= maxChunk || items >= maxItems || (size >= minChunk && cut.hash % every === 0)) {
        items = 0
        bounds.push(cut.offset)
        lines.set(cut.offset, cut.line)
        kinds.set(cut.offset, cut.kind)
        if (cut.header) headers.set(cut.offset, cut.header)
        if (cut.column !== undefined) columns.set(cut.offset, cut.column - 1)
        last = cut.offset
      }
    }
    if (source.length > 0 || bounds.length === 1) bounds.push(source.length)
    if (definitions === EMPTY && footnotes === EMPTY) ({ definitions, footnotes } = guessLabels(source))
    if (outside) {
      definitions = union(definitions, outside.definitions)
      footnotes = union(footnotes, outside.footnotes)
    }

    let parsedCount = 0
    let parsedChars = 0
    const place = (start: number, end: number): Placed => {
      const line = lines.get(start)!
      const kind = kinds.get(start) ?? 'blank'
      const column = columns.get(start) ?? 0
      // A table's rows are parsed under its header and delimiter rows (taken out when joined).
      const header = kind === 'row' || kind === 'fence' ? headers.get(start) : undefined
      const prefix = header ? prefixOf(source, header, kind) : ''
      const parsed = prefix + source.slice(start, end)
      // The same text parsed as a whole piece and as rows under a header (which it then starts
      // with) are different entries: their positions are moved from different places.
      let entry = cache.get(parsed)?.find((candidate) => candidate.used !== generation && candidate.prefixLength === prefix.length)
      const reused = entry !== undefined
      if (!entry) {
        const own = ownString(parsed)
        entry = parsePiece(own, hashString(own), definitions, footnotes, prefix, guardOf(start, end, header))
        parsedCount++
        parsedChars += parsed.length
        const list = cache.get(own)
        if (list) list.push(entry)
        else cache.set(own, [entry])
        placeFresh(entry, line, start, header, column)
      } else {
        shiftPositions(entry.tree, line - entry.line, start - entry.offset, false, { line: entry.line, delta: column - entry.column })
        if (header) startAtHeader(entry.tree, header)
      }
      entry.line = line
      entry.offset = start
      entry.column = column
      entry.used = generation
      return { start, end, line, kind, column, entry, reused, join: false, blankBefore: false }
    }

    const accepted: Placed[] = []
    // `current` spans bounds[from] … bounds[to].
    let to = 1
    let current = place(bounds[0]!, bounds[1]!)
    // A `---` on line 1 that does not become front matter (no closing fence, or one
    // micromark-extension-frontmatter does not see, as after CR line endings) leaves micromark
    // unable to open quotes and lists for the rest of the document: only a whole parse does that.
    if (FRONT_MATTER_OPEN.test(source) && current.entry.tree.children[0]?.type !== 'yaml') return whole(text, path)
    // Front matter opened with a lone CR: a first piece may read it as YAML where the whole
    // document does not (the differential test found `---\rnot closed\r\r$$…`): parsed whole.
    if (CR_FRONT_MATTER_OPEN.test(text)) return whole(text, path)
    for (;;) {
      const previous = accepted[accepted.length - 1]
      if (previous) {
        // A transform may word its messages per paragraph ("and 3 more here"): a paragraph
        // with messages is parsed whole. (A table's messages are per row or cell.)
        const inside = current.kind === 'line' || current.kind === 'row' || current.kind === 'space' || current.kind === 'fence'
        const lineCutWithMessages = (current.kind === 'line' || current.kind === 'space') && (previous.entry.messages.length > 0 || current.entry.messages.length > 0)
        let verdict: Verdict = lineCutWithMessages ? { ok: false } : checkCut(source, { tree: previous.entry.tree, start: previous.start, end: previous.end }, { tree: current.entry.tree, start: current.start, end: current.end }, current.kind)
        // A caption after a table that has one before it: the whole decides which it takes.
        if (verdict.ok && verdict.rows && previous.captionBefore && current.entry.tree.children[0]?.type === 'tableCaption') verdict = { ok: false }
        if (!verdict.ok) {
          if (parsedChars > 3 * text.length + 65536) return whole(text, path)
          // Merge with the previous piece, and on to where its open block closes.
          accepted.pop()
          release(previous.entry, current.entry)
          let head = previous
          let until = verdict.until
          if (inside) {
            // A cut inside a paragraph that fails once mostly fails at the paragraph's next cuts
            // too (what stays open stays open): the rest of the paragraph is one piece. With
            // messages, so is the paragraph from its start, and so is a table from its start
            // (a failed row cut — a caption after the table — would fail again a piece back).
            // Fenced code goes on over blank lines: to its closing fence (the verdict's `until`).
            if (current.kind !== 'fence') until = Math.max(until ?? 0, nextBlankLine(source, current.start))
            while ((lineCutWithMessages || current.kind === 'row' || current.kind === 'fence') && head.kind === current.kind && accepted.length > 0) {
              head = accepted.pop()!
              release(head.entry)
            }
          }
          if (until !== undefined) while (to < bounds.length - 1 && bounds[to]! < until) to++
          current = place(head.start, bounds[to]!)
          continue
        }
        current.join = verdict.join
        current.blankBefore = verdict.blankBetween
        if (verdict.lineBreak) current.lineBreak = verdict.lineBreak
        if (verdict.rows) current.rows = true
        if (verdict.code) current.code = true
        // A row piece whose only table is the one it joins keeps that table's answer.
        const nodes = current.entry.tree.children
        const joinedOnly = verdict.rows === true && nodes.length === (nodes[0]?.type === 'tableCaption' ? 2 : 1)
        current.captionBefore = joinedOnly ? previous.captionBefore : captionBeforeLastTable(current.entry.tree)
      }
      if (!previous) current.captionBefore = captionBeforeLastTable(current.entry.tree)
      accepted.push(current)
      if (to >= bounds.length - 1) break
      to++
      current = place(current.end, bounds[to]!)
    }

    // Labels: the document's are those its pieces defined; pieces that guessed wrong parse again.
    const defined = new Set<string>(outside?.definitions)
    const definedNotes = new Set<string>(outside?.footnotes)
    for (const piece of accepted) {
      for (const label of piece.entry.defines.definitions) defined.add(label)
      for (const label of piece.entry.defines.footnotes) definedNotes.add(label)
    }
    for (const piece of accepted) {
      if (answersHold(piece.entry.record, defined, definedNotes)) continue
      const header = piece.kind === 'row' || piece.kind === 'fence' ? headers.get(piece.start) : undefined
      const entry = parsePiece(piece.entry.text, piece.entry.key, defined, definedNotes, piece.entry.text.slice(0, piece.entry.prefixLength), guardOf(piece.start, piece.end, header))
      parsedCount++
      placeFresh(entry, piece.line, piece.start, header, piece.column)
      entry.line = piece.line
      entry.offset = piece.start
      entry.column = piece.column
      entry.used = generation
      piece.entry.used = 0
      const list = cache.get(entry.text) ?? []
      cache.set(entry.text, [...list.filter((candidate) => candidate !== piece.entry), entry])
      piece.entry = entry
      piece.reused = false
    }
    definitions = defined
    footnotes = definedNotes

    const tree = stitch(source, accepted)
    const chunks = chunkInfos(accepted, endLine)
    // The guard's findings come first, as the whole parse's parser reports them before any transform.
    if (guard) reportFindings(file, guard.findings)
    for (const piece of accepted) moveMessages(piece, file)
    sortMessages(file)
    const labels: ChunkedLabels = { asked: new Map(), askedNotes: new Map(), definitions: new Set(), footnotes: new Set() }
    for (const piece of accepted) {
      for (const [label, answer] of piece.entry.record.asked) labels.asked.set(label, answer)
      for (const [label, answer] of piece.entry.record.askedNotes) labels.askedNotes.set(label, answer)
      for (const label of piece.entry.defines.definitions) labels.definitions.add(label)
      for (const label of piece.entry.defines.footnotes) labels.footnotes.add(label)
    }
    if (base) moveToBase(tree, file, chunks, base)
    // Keep what this parse and the one before used (so undo finds its chunks too).
    for (const [key, list] of cache) {
      const kept = list.filter((entry) => entry.used >= generation - 1)
      if (kept.length === 0) cache.delete(key)
      else if (kept.length !== list.length) cache.set(key, kept)
    }
    return { tree, file, chunks, labels, reused: accepted.filter((piece) => piece.reused).length, parsed: parsedCount }
  }

  function whole(text: string, path?: string): ChunkedParseResult {
    cache = new Map()
    lastScan = undefined
    const result = parseMarkdown(text, path)
    const endLine = 1 + countLines(text)
    const chunk: ChunkInfo = { key: hashString(text), startLine: 1, endLine, startOffset: 0, endOffset: text.length, nodeStart: 0, nodeEnd: result.tree.children.length, reused: false }
    // A whole parse knows only its own labels: asking a caller to check them is meaningless.
    const labels: ChunkedLabels = { asked: new Map(), askedNotes: new Map(), definitions: new Set(), footnotes: new Set() }
    if (outside) throw new Error('this part of the document cannot be parsed on its own')
    if (base) moveToBase(result.tree, result.file, [chunk], base)
    return { ...result, chunks: [chunk], labels, reused: 0, parsed: 1 }
  }

  /** An entry taken for a piece that was then merged away is free for another place. */
  function release(...entries: Entry[]): void {
    for (const entry of entries) entry.used = generation - 1
  }

  return {
    parse,
    clear() {
      cache = new Map()
      lastScan = undefined
      definitions = EMPTY
      footnotes = EMPTY
    },
  }
}

/**
 * Chunk sizes for a one-off parse (CLI, library): larger than an editor's, since nothing is
 * reused and each chunk costs the parser a fixed set-up; small enough that remark's
 * super-linear cases stay small.
 */
export const ONE_OFF_CHUNKS: ChunkedParserOptions = { minChunk: 4096, every: 4, maxChunk: 16384, guardWhole: true, spaceCuts: true, fenceCuts: true }

/** Parses Markdown through chunks; the result equals `parseMarkdown(text, path)`. */
export function parseMarkdownChunked(text: string, path?: string): ParseResult {
  const { tree, file } = createChunkedParser(ONE_OFF_CHUNKS).parse(text, path)
  return { tree, file }
}

/**
 * A copy of `text` that does not point into the string it was sliced from. V8 keeps slices as
 * views of their parent, so a cached piece (and every string in its tree) would keep the whole
 * document version it came from alive; a structured clone is a fresh string.
 */
function ownString(text: string): string {
  return structuredClone(text)
}

/** A piece of a text guarded whole: the text it stands for, and the placeholders to restore. */
interface WholeGuard {
  original: string
  restore: { map: ReadonlyMap<string, string>; pattern: RegExp } | undefined
}

function parsePiece(text: string, key: string, definitions: ReadonlySet<string>, footnotes: ReadonlySet<string>, prefix: string, guard?: WholeGuard): Entry {
  const file = new VFile({ value: text })
  if (guard) file.data.markdocxGuardedWhole = true
  const { result: tree, record } = withLabels(definitions, footnotes, () => {
    const parsed = processor.parse(file)
    if (guard) {
      // As the guard's parser wrapper does for a whole document: the transforms read the text
      // itself, in the tree's strings and in the file.
      if (guard.restore?.pattern.test(text)) restorePlaceholders(parsed, guard.restore.map)
      file.value = guard.original
    }
    return processor.runSync(parsed, file) as Root
  })
  return { key, text, tree, record, defines: definedLabels(tree), messages: file.messages, line: 1, offset: 0, column: 0, used: 0, prefixLines: prefix === '' ? 0 : countLines(prefix), prefixLength: prefix.length }
}

/**
 * What a piece is parsed under: for a `row` piece its table's header and delimiter rows, for a
 * `fence` piece its code or HTML block's opening line.
 */
function prefixOf(text: string, header: LinePlace, kind: Cut['kind'] | undefined): string {
  return kind === 'fence' ? text.slice(header.offset, Math.min(nextLine(text, lineEnd(text, header.offset)), text.length)) : tablePrefix(text, header.offset)
}

/** A table's header and delimiter rows, from the header line's start: the text of two lines, their endings included. */
function tablePrefix(text: string, header: number): string {
  const delimiterRow = nextLine(text, lineEnd(text, header))
  return text.slice(header, Math.min(nextLine(text, lineEnd(text, delimiterRow)), text.length))
}

/**
 * A freshly parsed entry moved to where its piece starts (`line`, `start`): its own text begins
 * before that by its prefix, if any; a row piece's table starts at its header.
 */
function placeFresh(entry: Entry, line: number, start: number, header: LinePlace | undefined, column: number): void {
  shiftPositions(entry.tree, line - 1 - entry.prefixLines, start - entry.prefixLength, true, { line: 1, delta: column })
  if (header) startAtHeader(entry.tree, header)
}

/**
 * A row piece's table starts where the table's header does (its own parse began at a copy of
 * the header): what the cut's check compares to tell the piece's table is the one before it.
 */
function startAtHeader(tree: Root, header: LinePlace): void {
  // After the caption the piece took from after the table's end, if any.
  const table = tree.children[tree.children[0]?.type === 'tableCaption' ? 1 : 0]
  if ((table?.type === 'table' || table?.type === 'code' || table?.type === 'html') && table.position) table.position.start = { line: header.line, column: 1, offset: header.offset }
}

/** One tree from the pieces: their top-level nodes in order, continued lists joined. */
function stitch(text: string, pieces: Placed[]): Root {
  const children: RootContent[] = []
  // Lists this stitch made by joining: its own, so the next join appends to them in place (a new
  // copy per join made a list cut into k chunks cost k² item copies: 80 000 items, seconds).
  const own = new Set<RootContent>()
  for (const piece of pieces) {
    const nodes = piece.entry.tree.children
    let from = 0
    if (piece.join) {
      const previous = children[children.length - 1] as List
      const joined = joinLists(previous, nodes[0] as List, piece.blankBefore, own.has(previous))
      own.add(joined)
      children[children.length - 1] = joined
      from = 1
    } else if (piece.rows) {
      const previous = children[children.length - 1] as Table
      // A caption the piece took from after the table's end goes before the table, as in the whole.
      const caption = nodes[0]!.type === 'tableCaption' ? nodes[0]! : undefined
      from = caption ? 2 : 1
      const joined = joinTables(previous, nodes[from - 1] as Table, own.has(previous))
      own.add(joined)
      children[children.length - 1] = joined
      if (caption) children.splice(children.length - 1, 0, caption)
    } else if (piece.code) {
      const previous = children[children.length - 1] as Code | Html
      const joined = joinCode(text, previous, nodes[0] as Code | Html, piece.start, piece.entry.prefixLength, own.has(previous))
      own.add(joined)
      children[children.length - 1] = joined
      from = 1
    } else if (piece.lineBreak) {
      const previous = children[children.length - 1] as Paragraph
      const cut = { line: piece.line, column: piece.column + 1, offset: piece.start }
      const joined = joinParagraphs(text, previous, nodes[0] as Paragraph, piece.lineBreak, cut, own.has(previous))
      own.add(joined)
      children[children.length - 1] = joined
      from = 1
    }
    for (let index = from; index < nodes.length; index++) children.push(nodes[index]!)
  }
  const first = pieces[0]!.entry.tree
  const lastTree = pieces[pieces.length - 1]!.entry.tree
  const tree: Root = { type: 'root', children }
  if (first.position && lastTree.position) tree.position = { start: { ...first.position.start }, end: { ...lastTree.position.end } }
  else if (text.length === 0 && first.position) tree.position = first.position
  return tree
}

/** The chunks of the result: pieces joined by a continued list count as one. */
function chunkInfos(pieces: Placed[], endLine: number): ChunkInfo[] {
  const chunks: ChunkInfo[] = []
  const keys: string[][] = []
  let node = 0
  for (const piece of pieces) {
    const joined = piece.join || piece.lineBreak !== undefined || piece.rows === true || piece.code === true
    const count = piece.entry.tree.children.length - (joined ? 1 : 0)
    const previous = chunks[chunks.length - 1]
    if (previous) previous.endLine = piece.line
    if (joined && previous) {
      previous.endOffset = piece.end
      previous.nodeEnd += count
      previous.reused &&= piece.reused
      keys[keys.length - 1]!.push(piece.entry.key)
    } else {
      chunks.push({ key: piece.entry.key, startLine: piece.line, endLine, startOffset: piece.start, endOffset: piece.end, nodeStart: node, nodeEnd: node + count, reused: piece.reused })
      keys.push([piece.entry.key])
    }
    node += count
  }
  chunks.forEach((chunk, index) => {
    const parts = keys[index]!
    // Piece keys hash their text (and its length), so a hash of the keys is one of the text.
    if (parts.length > 1) chunk.key = hashString(parts.join('+'))
  })
  return chunks
}

/**
 * The pieces' messages (from transforms), moved to their place in the document. A row piece's
 * messages about its copy of the table's header are left out: the table's first piece has them.
 */
function moveMessages(piece: Placed, file: VFile): void {
  const { prefixLines } = piece.entry
  for (const message of piece.entry.messages) {
    if (prefixLines > 0 && message.line !== undefined && message.line <= prefixLines) continue
    const moved = file.message(message.reason, {
      ruleId: message.ruleId ?? undefined,
      source: message.source ?? undefined,
      ...(message.place ? { place: 'start' in message.place ? { start: shifted(message.place.start, piece), end: shifted(message.place.end, piece) } : shifted(message.place, piece) } : {}),
    })
    moved.fatal = message.fatal
  }
}

function shifted(point: { line: number; column: number; offset?: number | undefined }, piece: Placed) {
  const { prefixLines, prefixLength } = piece.entry
  return { line: point.line + piece.line - 1 - prefixLines, column: point.line === 1 ? point.column + piece.column : point.column, ...(point.offset !== undefined ? { offset: point.offset + piece.start - prefixLength } : {}) }
}

function union(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  if (b.size === 0) return a
  return new Set([...a, ...b])
}

/** Moves a parse of part of a document to where the part starts. */
function moveToBase(tree: Root, file: VFile, chunks: ChunkInfo[], base: { line: number; offset: number }): void {
  shiftPositions(tree, base.line - 1, base.offset, false)
  for (const chunk of chunks) {
    chunk.startLine += base.line - 1
    chunk.endLine += base.line - 1
    chunk.startOffset += base.offset
    chunk.endOffset += base.offset
  }
  for (const message of file.messages) {
    const move = (point: { line?: number | undefined; column?: number | undefined; offset?: number | undefined } | undefined) => {
      if (point?.line !== undefined) point.line += base.line - 1
      if (point?.offset !== undefined) point.offset += base.offset
    }
    if (message.place && 'start' in message.place) {
      move(message.place.start)
      move(message.place.end)
    } else move(message.place ?? undefined)
    if (message.line !== undefined && message.line !== null) message.line += base.line - 1
  }
}

/**
 * Where YAML front matter ends (the offset after its closing `---` line), or -1: no cut may fall
 * inside it. micromark-extension-frontmatter opens it with `---` (then only blanks) on line 1 and
 * closes it at the first later line of `---` and only blanks.
 */
const FRONT_MATTER_OPEN = /^---[ \t]*(?:\r\n?|\n)/
const CR_FRONT_MATTER_OPEN = /^---[ \t]*\r(?!\n)/

function frontMatterClose(text: string): number {
  if (!FRONT_MATTER_OPEN.test(text)) return -1
  const lines = /(?:\r\n?|\n)---[ \t]*(?=\r\n?|\n|$)/g
  const match = lines.exec(text)
  return match ? match.index + match[0].length : -1
}

/** Whether line 1 is `---` (then micromark tries front matter, with consequences for the whole text). */
export function startsWithFrontMatterFence(text: string): boolean {
  return FRONT_MATTER_OPEN.test(text)
}

/** A first guess at a document's labels, from lines that look like definitions (micromark-normalised). */
export function guessDocumentLabels(text: string): { definitions: Set<string>; footnotes: Set<string> } {
  return guessLabels(text)
}

function guessLabels(text: string): { definitions: Set<string>; footnotes: Set<string> } {
  const definitions = new Set<string>()
  const footnotes = new Set<string>()
  const pattern = /^[ \t>*+-]*\[((?:[^\\[\]]|\\.){1,999})\]:/gm
  // Examples of Markdown in fenced code (READMEs of Markdown tools), math or HTML blocks define nothing.
  // Found only for a text that has a line like a definition (most have none).
  let fenced: Array<[number, number]> | undefined
  let range = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    fenced ??= literalBlockRanges(text)
    while (range < fenced.length && fenced[range]![1] <= match.index) range++
    if (range < fenced.length && fenced[range]![0] <= match.index) continue
    const label = match[1]!
    if (label.startsWith('^')) footnotes.add(normalizeIdentifier(label.slice(1)))
    else definitions.add(normalizeIdentifier(label))
  }
  return { definitions, footnotes }
}

