/**
 * mdast → docx Document: synchronous, pure (no I/O: images are resolved beforehand) and
 * deterministic (ids from counters and slugs).
 */
import type { Document } from 'docx'
import type { Root } from 'mdast'
import { buildDocument } from './document.js'
import { prepareTree } from './html/prepare.js'
import type { DocxOptions } from './options.js'
import { root, rootSteps } from './handlers/root.js'
import { createState, isBlock, type State } from './state.js'
import { runSteps, type Steps } from './steps.js'
import { separateTables } from './tables/table-separation.js'

export interface ToDocxResult {
  document: Document
  state: State
}

/** Compiles a tree into a docx Document. Messages land on `options.file` when given. */
export function toDocx(tree: Root, options: DocxOptions = {}): Document {
  return compile(tree, options).document
}

/** Like `toDocx`, also returning the compiler state (registries, metadata) for the packer. */
export function compile(input: Root, options: DocxOptions = {}): ToDocxResult {
  return runSteps(compileSteps(input, options))
}

/**
 * `compile` in steps: it yields between the document's top-level blocks (and after its
 * whole-tree passes), so a caller can pause there; the result is compile's. With a custom
 * root handler the body is one step. `streamed` builds a document that packs in far less
 * memory, once (document.ts).
 */
export function* compileSteps(input: Root, options: DocxOptions = {}, streamed = false): Steps<ToDocxResult> {
  // Raw HTML split over several nodes is joined first (`<sub>`…`</sub>`, `<div align>`…`</div>`); the input is not changed.
  const tree = prepareTree(input)
  yield
  const state = createState(tree, options)
  yield
  const output = state.handlers.root === root ? yield* rootSteps(state, tree, state.rootContext) : state.one(tree, state.rootContext, undefined)
  const body = separateTables(output.filter(isBlock))
  for (const definition of state.footnotes.unused()) {
    state.warn(definition, `Footnote [^${definition.label ?? definition.identifier}] is never referenced, so it is not in the document`, 'footnote-unused')
  }
  return { document: buildDocument(state, body, streamed), state }
}
