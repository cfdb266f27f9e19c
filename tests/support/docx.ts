/**
 * Producing a .docx in a test, the way every test should: compile (from a tree written inline
 * or from Markdown), pack, run the project's structural checks (any problem fails the test),
 * and keep the bytes so `checkProducedWithOracle()` can put every package a test file made
 * through the shared oracle's check-docx in one run at the end.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Document, Element } from '@xmldom/xmldom'
import type { Root } from 'mdast'
import { VFile } from 'vfile'
import { afterAll, expect } from 'vitest'
import { markdownToDocx, type ConvertOptions } from '../../src/convert.js'
import type { ImageResult } from '../../src/docx/media/images.js'
import type { DocxOptions } from '../../src/docx/options.js'
import { packDocx } from '../../src/docx/ooxml/pack.js'
import { compile } from '../../src/docx/to-docx.js'
import { messagesOf, type Message } from '../../src/markdown/messages.js'
import { openDocx, type DocxPackage } from './docx-package.js'
import { checkDocx, describeProblem, findOracle } from './oracle.js'
import { checkStructure } from './structure.js'
import { childElements, elements } from './xml.js'

export interface Produced {
  bytes: Uint8Array
  pkg: DocxPackage
  messages: Message[]
  /** word/document.xml, parsed. */
  document: Document
  /** The w:body element. */
  body: Element
  /** The body's top-level blocks (w:p and w:tbl), without the final w:sectPr. */
  blocks: Element[]
  /** word/footnotes.xml, parsed (always present: docx writes the separators). */
  footnotes: Document
  numbering: Document
  styles: Document
  /** The document's relationships: Id → { target, type, mode }. */
  rels: Map<string, { target: string; type: string; external: boolean }>
  /** word/footnotes.xml's relationships. */
  footnoteRels: Map<string, { target: string; type: string; external: boolean }>
}

const produced: Array<{ name: string; bytes: Uint8Array }> = []

function relationshipsOf(pkg: DocxPackage, path: string): Map<string, { target: string; type: string; external: boolean }> {
  const map = new Map<string, { target: string; type: string; external: boolean }>()
  if (pkg.text(path) === undefined) return map
  for (const rel of elements(pkg.xml(path), 'Relationship')) {
    map.set(rel.getAttribute('Id') ?? '', { target: rel.getAttribute('Target') ?? '', type: (rel.getAttribute('Type') ?? '').replace(/^.*\//, ''), external: rel.getAttribute('TargetMode') === 'External' })
  }
  return map
}

/** Opens, structurally checks (failing the test on any problem) and records a package. */
export function inspect(bytes: Uint8Array, messages: Message[], name = 'test'): Produced {
  expect(checkStructure(bytes), `structural problems in ${name}`).toEqual([])
  produced.push({ name, bytes })
  const pkg = openDocx(bytes)
  const document = pkg.xml('word/document.xml')
  const body = elements(document, 'w:body')[0]!
  return {
    bytes,
    pkg,
    messages,
    document,
    body,
    blocks: childElements(body).filter((e) => e.nodeName !== 'w:sectPr'),
    footnotes: pkg.xml('word/footnotes.xml'),
    numbering: pkg.xml('word/numbering.xml'),
    styles: pkg.xml('word/styles.xml'),
    rels: relationshipsOf(pkg, 'word/_rels/document.xml.rels'),
    footnoteRels: relationshipsOf(pkg, 'word/_rels/footnotes.xml.rels'),
  }
}

export interface TreeOptions extends Omit<DocxOptions, 'images' | 'file'> {
  images?: Record<string, ImageResult>
}

/** Compiles an mdast tree (written inline in a test) and packs it. */
export async function fromTree(tree: Root, options: TreeOptions = {}, name = 'tree'): Promise<Produced> {
  const file = new VFile()
  const { images, ...rest } = options
  const { document } = compile(tree, { ...rest, file, images: new Map(Object.entries(images ?? {})) })
  const bytes = await packDocx(document)
  return inspect(bytes, messagesOf(file), name)
}

/** Converts Markdown (the library's one entry point) and packs it. */
export async function fromMarkdown(markdown: string, options: Omit<ConvertOptions<'uint8array'>, 'output'> = {}, name = 'markdown'): Promise<Produced> {
  const { data, messages } = await markdownToDocx(markdown, { ...options, output: 'uint8array' })
  return inspect(data, messages, name)
}

/**
 * Registers, in the calling test file, a final check of every package it produced with the
 * oracle's check-docx (0 errors required). Skipped with a note when there is no oracle.
 */
export function checkProducedWithOracle(label: string): void {
  afterAll(async () => {
    const oracle = findOracle()
    if (!oracle || produced.length === 0) return
    const dir = mkdtempSync(join(tmpdir(), `markdocx-${label.replace(/\W+/g, '-')}-`))
    mkdirSync(dir, { recursive: true })
    const files = produced.map((entry, index) => {
      const path = join(dir, `${String(index).padStart(4, '0')}-${entry.name.replace(/[^\w.-]+/g, '_').slice(0, 60)}.docx`)
      writeFileSync(path, entry.bytes)
      return path
    })
    const results = await checkDocx(oracle, files)
    const failures = results.filter((r) => r.errors.length > 0).map((r) => `${r.file}\n  ${r.errors.map(describeProblem).join('\n  ')}`)
    expect(failures, `check-docx errors in packages produced by ${label}`).toEqual([])
  }, 300_000)
}

/** The text of every w:t under `root`. */
export function textOf(root: Document | Element): string {
  return elements(root, 'w:t')
    .map((t) => t.textContent ?? '')
    .join('')
}

/** The `w:val` of a paragraph's style (`w:pPr/w:pStyle`). */
export function styleOf(paragraph: Element): string | undefined {
  const pPr = childElements(paragraph).find((e) => e.nodeName === 'w:pPr')
  const pStyle = pPr && childElements(pPr).find((e) => e.nodeName === 'w:pStyle')
  return pStyle?.getAttribute('w:val') ?? undefined
}

/** Messages reduced to what tests assert: rule, line, column. */
export function ruleIds(messages: Message[]): string[] {
  return messages.map((m) => m.ruleId)
}

/** A unist position starting at `line`:`column` (for nodes built inline whose messages are checked). */
export function at(line: number, column: number, endColumn = column + 1): { position: { start: { line: number; column: number; offset: number }; end: { line: number; column: number; offset: number } } } {
  return { position: { start: { line, column, offset: 0 }, end: { line, column: endColumn, offset: 0 } } }
}

/** The w:r runs directly or indirectly under `root` that carry text. */
export function textRuns(root: Document | Element): Element[] {
  return elements(root, 'w:r').filter((r) => elements(r, 'w:t').length > 0)
}

/** Names of the formatting children of a run's w:rPr (`w:b`, `w:i`, `w:rStyle=VerbatimChar`…). */
export function runFormat(run: Element): string[] {
  const rPr = childElements(run).find((e) => e.nodeName === 'w:rPr')
  if (!rPr) return []
  return childElements(rPr).map((e) => (e.getAttribute('w:val') ? `${e.nodeName}=${e.getAttribute('w:val')}` : e.nodeName))
}
