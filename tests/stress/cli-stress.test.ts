/**
 * The stress suite (issue 14): every hostile family (src/bench/stress-families.ts) converted by
 * the built CLI as a separate process under a heap limit, so running out of memory or time shows
 * as a failure here, not as a user's crash. It asserts what must never happen — a signal, a
 * crash, a run over a generous time bound, an invalid package — and prints the figures (seconds,
 * peak memory) as a table; `npm run bench:stress` measures the same families at larger sizes.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { STRESS_FAMILIES } from '../../src/bench/stress-families.js'
import { runCli, STRESS_HEADER, stressRow } from '../../src/bench/stress-run.js'
import { checkProducedWithOracle, inspect } from '../support/docx.js'

checkProducedWithOracle('stress')

const BIN = resolve(import.meta.dirname, '..', '..', 'dist', 'cli', 'markdocx.mjs')
/** The heap the CLI gets: a family that needs more fails (V8 stops it) instead of swapping. */
const HEAP_MB = 2048
/** Far above any family's time on a slow CI machine: only a hang or a blow-up reaches it. */
const TIME_LIMIT_MS = 150_000
/** Half the families' base size: the shapes stay hostile (every limit is still crossed) and CI stays short. */
const SCALE = 0.5

const work = mkdtempSync(join(tmpdir(), 'markdocx-stress-'))
const rows: string[] = []

describe('stress: hostile input through the CLI', () => {
  afterAll(() => {
    console.log(['', `families at scale ${SCALE} of their names' sizes`, STRESS_HEADER, ...rows].join('\n'))
  })

  for (const [index, family] of STRESS_FAMILIES.entries()) {
    it(`converts ${family.name}: no signal, no crash, a valid package`, async () => {
      expect(existsSync(BIN), 'dist/cli/markdocx.mjs (npm run build:cli)').toBe(true)
      const text = family.make(SCALE)
      const input = join(work, `${index}.md`)
      const output = join(work, `${index}.docx`)
      writeFileSync(input, text)
      const run = await runCli(BIN, input, output, { heapMb: HEAP_MB, timeMs: TIME_LIMIT_MS })
      rows.push(stressRow(family.name, text.length, run))
      expect(run.signal, `${family.name} was stopped by a signal\n${run.stderr.slice(-2000)}`).toBeNull()
      expect(run.code, run.stderr.slice(-2000)).toBe(0)
      inspect(new Uint8Array(readFileSync(output)), [], family.name)
    }, TIME_LIMIT_MS + 30_000)
  }
})
