/**
 * The shared docx oracle (check-docx, roundtrip, render), when this machine has it.
 *
 * Where: $MARKDOCX_ORACLE, else ../shared/oracle beside the repository if its node_modules
 * are installed. Schemas: $OOXML_SCHEMAS, else ../shared/ooxml-schemas. Without an oracle the
 * assertions that need it are skipped with a note on stderr — unless MARKDOCX_REQUIRE_ORACLE=1
 * (CI sets it), where a missing oracle fails the tests that need it.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const REPO = resolve(import.meta.dirname, '..', '..')

export interface Oracle {
  dir: string
  /** The ISO 29500 schemas folder, when found. */
  schemas: string | undefined
}

/** Whether a missing oracle is a failure (CI sets MARKDOCX_REQUIRE_ORACLE=1). */
export function oracleRequired(): boolean {
  return process.env.MARKDOCX_REQUIRE_ORACLE === '1'
}

let noted = false

/** The oracle, or undefined (with a one-time note) when this machine has none. Throws when it is required but missing. */
export function findOracle(): Oracle | undefined {
  const candidates = [process.env.MARKDOCX_ORACLE, join(REPO, '..', 'shared', 'oracle')].filter((dir): dir is string => Boolean(dir))
  const dir = candidates.find((candidate) => existsSync(join(candidate, 'check-docx')) && existsSync(join(candidate, 'node_modules')))
  if (!dir) {
    const why = `no docx oracle found (looked in ${candidates.join(', ')}; set MARKDOCX_ORACLE to a copy with node_modules)`
    if (oracleRequired()) throw new Error(`MARKDOCX_REQUIRE_ORACLE=1 but ${why}`)
    if (!noted) {
      noted = true
      process.stderr.write(`\n[markdocx tests] NOTE: ${why}: check-docx and roundtrip assertions are SKIPPED.\n\n`)
    }
    return undefined
  }
  const schemaCandidates = [process.env.OOXML_SCHEMAS, join(REPO, '..', 'shared', 'ooxml-schemas'), join(dir, '..', 'ooxml-schemas')].filter((d): d is string => Boolean(d))
  const schemas = schemaCandidates.find((candidate) => existsSync(candidate))
  if (!schemas && oracleRequired()) throw new Error('MARKDOCX_REQUIRE_ORACLE=1 but no OOXML schemas found (set OOXML_SCHEMAS)')
  return { dir, schemas }
}

/** One finding of check-docx, as its --json prints it. */
export interface OracleProblem {
  level: 'error' | 'warn'
  rule: string
  part: string
  where: string
  msg: string
}

export interface CheckResult {
  file: string
  errors: OracleProblem[]
  warnings: OracleProblem[]
}

function env(oracle: Oracle): NodeJS.ProcessEnv {
  return { ...process.env, ...(oracle.schemas ? { OOXML_SCHEMAS: oracle.schemas } : {}) }
}

/** Runs check-docx on the files (one process for all of them) and returns each file's errors and warnings. */
export async function checkDocx(oracle: Oracle, files: string[]): Promise<CheckResult[]> {
  let stdout: string
  try {
    ;({ stdout } = await run(join(oracle.dir, 'check-docx'), ['--json', ...files], { env: env(oracle), maxBuffer: 64 * 1024 * 1024 }))
  } catch (error) {
    // Exit status 1 means "errors found"; the JSON is still on stdout.
    stdout = (error as { stdout?: string }).stdout ?? ''
    if (!stdout.trim().startsWith('[')) throw error
  }
  const parsed = JSON.parse(stdout) as Array<{ file: string; problems: OracleProblem[] }>
  return parsed.map((entry) => ({ file: entry.file, errors: entry.problems.filter((p) => p.level === 'error'), warnings: entry.problems.filter((p) => p.level !== 'error') }))
}

export type RoundtripKey = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'ulItems' | 'olItems' | 'listDepth' | 'tables' | 'footnotes' | 'images' | 'links' | 'codeBlocks' | 'inlineCode' | 'blockquotes' | 'emph' | 'strong' | 'strike' | 'hr'

export type Count = number | string[]

export interface RoundtripRow {
  key: RoundtripKey
  label: string
  md: Count
  pandoc: Count
  mammoth: Count
  baseline?: Count
}

export interface RoundtripReport {
  rows: RoundtripRow[]
  score: { pandoc: { score: number; structure: number; text: number }; mammoth: { score: number; structure: number; text: number } }
}

/** Runs roundtrip (with --baseline: pandoc's own docx of the same Markdown read back too). */
export async function roundtrip(oracle: Oracle, markdown: string, docx: string, options: { baseline?: boolean } = {}): Promise<RoundtripReport> {
  const args = ['--json', ...(options.baseline ? ['--baseline'] : []), markdown, docx]
  let stdout: string
  try {
    ;({ stdout } = await run(join(oracle.dir, 'roundtrip'), args, { env: env(oracle), maxBuffer: 64 * 1024 * 1024, cwd: resolve(markdown, '..') }))
  } catch (error) {
    stdout = (error as { stdout?: string }).stdout ?? ''
    if (!stdout.trim().startsWith('{')) throw error
  }
  return JSON.parse(stdout) as RoundtripReport
}

/** Renders a .docx to PNG pages with LibreOffice; returns the page count. */
export async function render(oracle: Oracle, docx: string, outDir: string): Promise<number> {
  const { stdout } = await run(join(oracle.dir, 'render'), ['--json', docx, outDir], { env: env(oracle), maxBuffer: 16 * 1024 * 1024, timeout: 180_000 })
  const parsed = JSON.parse(stdout) as { pages?: number }
  return parsed.pages ?? 0
}

/** A problem as one line, for assertion messages. */
export function describeProblem(p: OracleProblem): string {
  return `${p.level}: ${p.part || '(package)'}${p.where ? ` ${p.where}` : ''}: ${p.msg} [${p.rule}]`
}

export function sameCount(a: Count | undefined, b: Count | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
