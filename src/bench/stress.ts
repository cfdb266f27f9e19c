/**
 * `npm run bench:stress [scale] [text]`: the hostile families (stress-families.ts; those whose
 * name contains `text`) at `scale` times the CI stress suite's size (default 4: the sizes that
 * took other tools minutes), each converted
 * by the built CLI (npm run build:cli) in its own process with a 4 GB heap and 5 minutes.
 * Prints seconds and peak memory per family. A benchmark: nothing is asserted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { STRESS_FAMILIES } from './stress-families.js'
import { runCli, STRESS_HEADER, stressRow } from './stress-run.js'

const scale = Number(process.argv[2] ?? 4)
const only = process.argv[3]
const bin = resolve(import.meta.dirname, '..', '..', 'dist', 'cli', 'markdocx.mjs')
const work = mkdtempSync(join(tmpdir(), 'markdocx-bench-stress-'))
console.log(`scale ${scale}\n${STRESS_HEADER}`)
for (const [index, family] of STRESS_FAMILIES.entries()) {
  if (only !== undefined && !family.name.includes(only)) continue
  const text = family.make(scale)
  const input = join(work, `${index}.md`)
  writeFileSync(input, text)
  const run = await runCli(bin, input, join(work, `${index}.docx`), { heapMb: 4096, timeMs: 300_000 })
  console.log(stressRow(family.name, text.length, run))
  rmSync(join(work, `${index}.docx`), { force: true })
}
rmSync(work, { recursive: true, force: true })
