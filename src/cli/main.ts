/**
 * The markdocx command: read each input, convert it, write the .docx, print messages.
 * `run` takes its streams as arguments so tests can drive it in-process.
 */
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { basename, dirname, extname, join, resolve } from 'node:path'
import type { DiagramRenderer } from '../docx/media/diagrams.js'
import { HELP, parseArgs, UsageError, type CliOptions } from './args.js'
import { importDocx, isWordDocument, isWordName } from './import-docx.js'
import { createChromiumDiagramRenderer } from './chromium-diagrams.js'
import { builtinStyle } from '../citations/shipped-styles.js'
import type { BibliographyText } from '../citations/resolve.js'
import { convertMarkdown, type ConvertJob, type Converted } from './convert-markdown.js'
import { describeError } from './describe-error.js'
import { convertIsolated, ISOLATE_THRESHOLD } from './isolated-convert.js'
import { VERSION } from './version.js'

export interface CliIo {
  stdin: AsyncIterable<Uint8Array | string>
  stdout: { write(chunk: Uint8Array | string): unknown }
  stderr: { write(chunk: string): unknown }
  cwd: string
  /**
   * The bundle, which worker threads run: given, long documents are converted on a worker with a
   * heap limit (isolated-convert.ts), so running out of memory is a message, not a crash.
   */
  bundle?: URL
  /** The bundle again, to parse long documents on two threads (parallel-parse.ts). */
  parseWorker?: URL
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  let options: CliOptions
  try {
    options = parseArgs(argv)
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`markdocx: ${error.message}\nTry 'markdocx --help'.\n`)
      return 2
    }
    throw error
  }
  if (options.help) {
    io.stdout.write(`${HELP}\n`)
    return 0
  }
  if (options.version) {
    io.stdout.write(`markdocx ${VERSION}\n`)
    return 0
  }
  const problem = await checkUsage(options, io.cwd)
  if (problem) {
    io.stderr.write(`markdocx: ${problem}\nTry 'markdocx --help'.\n`)
    return 2
  }
  let referenceDoc: Uint8Array | undefined
  if (options.referenceDoc !== undefined) {
    try {
      referenceDoc = new Uint8Array(await readFile(resolve(io.cwd, options.referenceDoc)))
    } catch (error) {
      io.stderr.write(`markdocx: cannot read the reference document ${options.referenceDoc}: ${describeError(error)}\n`)
      return 2
    }
  }
  // --bibliography and --csl files are read from the working directory (as pandoc does), once for every input.
  const bibliography: BibliographyText[] = []
  for (const path of options.bibliography) {
    try {
      bibliography.push({ name: path, text: await readFile(resolve(io.cwd, path), 'utf8') })
    } catch (error) {
      io.stderr.write(`markdocx: cannot read the bibliography ${path}: ${describeError(error)}\n`)
      return 2
    }
  }
  let csl: string | undefined
  if (options.csl !== undefined) {
    try {
      csl = builtinStyle(options.csl) ?? (await readFile(resolve(io.cwd, options.csl), 'utf8'))
    } catch (error) {
      io.stderr.write(`markdocx: cannot read the citation style ${options.csl} (the shipped ones are apa, chicago-author-date, ieee, vancouver): ${describeError(error)}\n`)
      return 2
    }
  }
  const citations = { bibliography, ...(csl !== undefined ? { csl } : {}) }
  // One browser for the whole run, started by the first diagram (if any), closed at the end.
  const diagrams = options.diagrams ? createChromiumDiagramRenderer() : undefined
  const renderDiagram: DiagramRenderer = diagrams ? diagrams.render : async () => ({ ok: false, error: 'they are not drawn with --no-diagrams', unavailable: true })
  let status = 0
  try {
    for (const input of options.inputs) {
      const ok = await convertOne(input, options, io, referenceDoc, renderDiagram, citations)
      if (!ok) status = 1
    }
  } finally {
    await diagrams?.close()
  }
  return status
}

async function checkUsage(options: CliOptions, cwd: string): Promise<string | undefined> {
  if (options.inputs.length === 0) return 'no input file given'
  if (options.inputs.length === 1 && isWordName(options.inputs[0]!) && options.output !== undefined && /\.(docx|docm|dotx|dotm)$/i.test(options.output)) {
    return `a Word document is read into Markdown: give -o ${options.output.replace(/\.\w+$/, '.md')}`
  }
  if (options.inputs.filter((input) => input === '-').length > 1) return 'standard input (-) can be read only once'
  if (options.inputs.length > 1) {
    if (options.output === '-') return 'several inputs cannot all go to standard output'
    if (options.output !== undefined && !(await isDirectory(resolve(cwd, options.output))) && !options.output.endsWith('/')) {
      return `with several inputs, -o must name a folder (${options.output} is not one)`
    }
    // Two inputs with the same name (a/README.md, b/README.md) must not silently overwrite each other's .docx.
    const claimed = new Map<string, string>()
    for (const input of options.inputs) {
      const target = await outputPath(input, options, cwd)
      const other = claimed.get(target)
      if (other !== undefined && other !== input) return `${other} and ${input} would both be written to ${target}`
      claimed.set(target, input)
    }
  }
  return undefined
}

async function convertOne(input: string, options: CliOptions, io: CliIo, referenceDoc: Uint8Array | undefined, renderDiagram: DiagramRenderer, citations: { bibliography: BibliographyText[]; csl?: string }): Promise<boolean> {
  const fromStdin = input === '-'
  const name = fromStdin ? '<stdin>' : input
  let bytes: Uint8Array
  try {
    bytes = fromStdin ? await readAllBytes(io.stdin) : new Uint8Array(await readFile(resolve(io.cwd, input)))
  } catch (error) {
    io.stderr.write(`markdocx: cannot read ${name}: ${describeError(error)}\n`)
    return false
  }
  // A Word document (by its name, or by its bytes on standard input) is read into Markdown.
  if (isWordDocument(fromStdin ? '' : input, bytes)) return importOne(input, bytes, options, io)
  const markdown = new TextDecoder().decode(bytes)
  const target = await outputPath(input, options, io.cwd)
  // `markdocx notes.md -o notes.md` (or a .docx given as input) must not replace the input by its conversion.
  if (!fromStdin && target !== '-' && resolve(io.cwd, target) === resolve(io.cwd, input)) {
    io.stderr.write(`markdocx: not converting ${name}: the output would overwrite it (give another -o)\n`)
    return false
  }
  const job: ConvertJob = {
    text: markdown.replace(/^\uFEFF/, ''),
    input,
    name,
    cwd: io.cwd,
    options,
    ...(referenceDoc ? { referenceDoc } : {}),
    citations,
    ...(io.parseWorker ? { parseWorker: io.parseWorker.href } : {}),
  }
  let converted: Converted
  if (io.bundle && job.text.length >= ISOLATE_THRESHOLD) {
    const outcome = await convertIsolated(job, io.bundle, renderDiagram)
    if (!outcome.ok) {
      io.stderr.write(`markdocx: cannot convert ${name}: ${outcome.error}\n`)
      return false
    }
    converted = outcome.converted
  } else {
    try {
      converted = await convertMarkdown(job, renderDiagram)
    } catch (error) {
      io.stderr.write(`markdocx: cannot convert ${name}: ${describeError(error)}\n`)
      return false
    }
  }
  try {
    for (const line of converted.messages) io.stderr.write(`${line}\n`)
    if (target === '-') io.stdout.write(converted.data)
    else await writeAtomically(target, converted.data)
    return true
  } catch (error) {
    io.stderr.write(`markdocx: cannot convert ${name}: ${describeError(error)}\n`)
    return false
  }
}

/** Imports one Word document into Markdown, its pictures beside it. */
async function importOne(input: string, bytes: Uint8Array, options: CliOptions, io: CliIo): Promise<boolean> {
  const name = input === '-' ? '<stdin>' : input
  const target = await outputPath(input, options, io.cwd, '.md')
  if (input !== '-' && target !== '-' && resolve(io.cwd, target) === resolve(io.cwd, input)) {
    io.stderr.write(`markdocx: not converting ${name}: the output would overwrite it (give another -o)\n`)
    return false
  }
  // Several documents into one folder: each its own picture folder, so image1.png is not shared.
  const imageFolder = options.inputs.length > 1 ? `${basename(input, extname(input))}-images` : 'images'
  try {
    const outcome = await importDocx(bytes, name, target, { imageFolder, quiet: options.quiet, stdout: io.stdout, write: writeAtomically })
    for (const line of outcome.notes) io.stderr.write(`${line}\n`)
    return outcome.ok
  } catch (error) {
    io.stderr.write(`markdocx: cannot convert ${name}: ${describeError(error)}\n`)
    return false
  }
}

/** Where an input's output goes (a .docx, or a .md for a Word document): -o as given, into -o's folder, or beside the input. */
async function outputPath(input: string, options: CliOptions, cwd: string, extension = isWordName(input) ? '.md' : '.docx'): Promise<string> {
  const docxName = input === '-' ? `stdin${extension}` : `${basename(input, extname(input))}${extension}`
  if (options.output === '-') return '-'
  if (options.output === undefined) return input === '-' ? '-' : join(dirname(resolve(cwd, input)), docxName)
  const output = resolve(cwd, options.output)
  if (options.inputs.length > 1 || options.output.endsWith('/') || (await isDirectory(output))) return join(output, docxName)
  return output
}

/** Writes beside the target, then renames: a failed run never leaves half a file. */
async function writeAtomically(path: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  try {
    await writeFile(temporary, data)
    await rename(temporary, path)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

async function readAllBytes(stream: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  const encoder = new TextEncoder()
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
  return new Uint8Array(Buffer.concat(chunks))
}
