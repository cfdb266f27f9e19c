/**
 * Which link and footnote labels a chunk is parsed with — the one place the chunked parser
 * reaches into micromark.
 *
 * Whether `[text][label]`, `[label]` or `[^note]` is a reference depends on whether the label is
 * defined *anywhere* in the document: micromark keeps the defined labels in two arrays on its
 * parse context (`parser.defined` for definitions, `parser.gfmFootnotes` for footnote
 * definitions) and only ever calls `includes` and `push` on them. A chunk parsed on its own
 * would only know its own definitions, so this module adds a micromark extension whose sole
 * job is to swap those arrays, on the first line, for recorders that (1) already hold the
 * labels of the whole document and (2) write down every label asked about, with the answer.
 * The chunked parser then checks the answers given against the labels the chunks really define
 * (`definedLabels`) and parses again where one was wrong, so the result never rests on a guess.
 * Every parse has the hook (processor.ts): outside a chunked parse the arrays become sets that
 * record nothing, because `includes` on an array made thousands of references quadratic.
 *
 * The hook is a document-level construct registered for every character (`null` key), which
 * micromark tries at the start of the first line before anything else can look a label up; it
 * never matches (it returns `nok`) and removes itself after the first call, so it costs
 * nothing on the following lines. This relies on micromark 4 internals (`ParseContext.defined`,
 * `gfmFootnotes`); the differential test (tests/markdown/chunked*.test.ts) fails if they change.
 */
import type { Construct, Extension, ParseContext, State, TokenizeContext } from 'micromark-util-types'
import type { Nodes, Root } from 'mdast'
import { normalizeIdentifier } from 'micromark-util-normalize-identifier'
import type { Processor } from 'unified'
import { walk } from '../../mdast/walk.js'

/** What a parse asked about labels, with the answers it was given. Labels are micromark-normalised. */
export interface LabelRecord {
  /** Every label looked up, with the answer given (link/image references). */
  readonly asked: Map<string, boolean>
  /** Every footnote label looked up, with the answer given. */
  readonly askedNotes: Map<string, boolean>
}

/**
 * An array micromark uses as a set: `includes` answers from the document's labels and the
 * chunk's own, and is recorded. (What a chunk defines is read from its tree afterwards, not from
 * `push`: micromark's footnote definitions only push a label `includes` says is new.)
 */
class RecordingLabels extends Array<string> {
  private known!: ReadonlySet<string>
  private asked: Map<string, boolean> | undefined
  private local!: Set<string>

  static create(known: ReadonlySet<string>, asked: Map<string, boolean> | undefined, initial: readonly string[]): RecordingLabels {
    const labels = new RecordingLabels()
    labels.known = known
    labels.asked = asked
    labels.local = new Set(initial)
    return labels
  }

  override includes(label: string): boolean {
    const answer = this.local.has(label) || this.known.has(label)
    this.asked?.set(label, answer)
    return answer
  }

  override push(...labels: string[]): number {
    for (const label of labels) this.local.add(label)
    return this.local.size
  }
}

interface PendingLabels {
  readonly definitions: ReadonlySet<string>
  readonly footnotes: ReadonlySet<string>
  readonly record: LabelRecord
}

const NONE: ReadonlySet<string> = new Set()

/** The labels for the parse about to run (parsing is synchronous, so one slot is enough). */
let pending: PendingLabels | undefined

const inject: Construct = {
  name: 'markdocxChunkLabels',
  partial: true,
  tokenize(this: TokenizeContext, _effects, _ok, nok): State {
    installRecorders(this.parser)
    return nok
  },
}

function installRecorders(parser: ParseContext): void {
  // Remove the hook so later lines do not try it again.
  const hooks = parser.constructs.document?.null
  if (Array.isArray(hooks)) {
    const at = hooks.indexOf(inject)
    if (at !== -1) hooks.splice(at, 1)
  }
  // Outside a chunked parse the arrays become plain sets too: micromark's `includes` on an array
  // made a document of 20 000 defined footnotes quadratic (21 s; 0.2 s with sets).
  const labels = pending ?? { definitions: NONE, footnotes: NONE, record: undefined }
  parser.defined = RecordingLabels.create(labels.definitions, labels.record?.asked, parser.defined)
  parser.gfmFootnotes = RecordingLabels.create(labels.footnotes, labels.record?.askedNotes, parser.gfmFootnotes ?? [])
}

const extension: Extension = { document: { null: [inject] } }

/** A unified plugin adding the label hook to a processor's micromark extensions. */
export function remarkChunkLabels(this: Processor): void {
  const data = this.data()
  const extensions = data.micromarkExtensions ?? (data.micromarkExtensions = [])
  extensions.push(extension)
}

/** Runs `parse` with `definitions` and `footnotes` known, recording what the parse asked and defined. */
export function withLabels<T>(definitions: ReadonlySet<string>, footnotes: ReadonlySet<string>, parse: () => T): { result: T; record: LabelRecord } {
  const record: LabelRecord = { asked: new Map(), askedNotes: new Map() }
  const saved = pending
  pending = { definitions, footnotes, record }
  try {
    return { result: parse(), record }
  } finally {
    pending = saved
  }
}

/**
 * Whether the document defines footnote `label` (micromark-normalised), as the running chunk
 * parse was told; the answer is recorded like micromark's own, so the chunk is parsed again
 * when it changes (none outside a chunked parse).
 */
export function documentDefinesFootnote(label: string): boolean {
  if (!pending) return false
  const answer = pending.footnotes.has(label)
  pending.record.askedNotes.set(label, answer)
  return answer
}

/** Whether every answer a parse was given still holds for the document's labels. */
export function answersHold(record: LabelRecord, definitions: ReadonlySet<string>, footnotes: ReadonlySet<string>): boolean {
  for (const [label, answer] of record.asked) if (definitions.has(label) !== answer) return false
  for (const [label, answer] of record.askedNotes) if (footnotes.has(label) !== answer) return false
  return true
}

/** The labels a tree defines (link reference definitions, footnote definitions), micromark-normalised. */
export function definedLabels(tree: Root): { definitions: Set<string>; footnotes: Set<string> } {
  const definitions = new Set<string>()
  const footnotes = new Set<string>()
  walk(tree, (visited) => {
    const node = visited as Nodes
    // mdast keeps micromark's normalised label lower-cased; normalising again gives micromark's.
    if (node.type === 'definition') definitions.add(normalizeIdentifier(node.identifier))
    else if (node.type === 'footnoteDefinition') footnotes.add(normalizeIdentifier(node.identifier))
  })
  return { definitions, footnotes }
}
