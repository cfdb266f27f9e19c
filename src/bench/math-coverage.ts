/**
 * How many formulas become Word equations: markdocx against pandoc (issue 12), on a corpus of
 * formulas as papers, theses, lecture notes and answers write them (tests/math/formulas.txt).
 *
 *   npm run bench:math [-- file.txt]     one formula per line
 *
 * markdocx counts a formula converted when it becomes an equation with every command known
 * (one shown by name does not count); pandoc, when it does not warn "Could not convert TeX
 * math" (it then writes the TeX as text). Both read each formula as display math.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { latexToOmml } from '../docx/math/index.js'

const file = process.argv[2] ?? join(import.meta.dirname, '..', '..', 'tests', 'math', 'formulas.txt')
const formulas = readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean)

let converted = 0
let equations = 0
const failures: string[] = []
const started = performance.now()
for (const latex of formulas) {
  const result = latexToOmml(latex, true)
  if (result.ok) equations++
  if (result.ok && !result.unsupported) converted++
  else failures.push(`${latex}  →  ${result.ok ? `shown by name: ${result.unsupported!.join(' ')}` : result.reason}`)
}
const elapsed = performance.now() - started

const percent = (n: number) => `${((100 * n) / formulas.length).toFixed(1)}%`
console.log(`${formulas.length} formulas (${file})`)
console.log(`markdocx: ${converted} converted (${percent(converted)}); ${equations} equations with unknown commands shown by name (${percent(equations)}); ${elapsed.toFixed(0)} ms`)

const pandoc = spawnSync('pandoc', ['--version'], { encoding: 'utf8' })
if (pandoc.status === 0) {
  const markdown = formulas.map((latex) => `$$${latex}$$`).join('\n\n')
  const run = spawnSync('pandoc', ['-f', 'markdown', '-t', 'docx', '-o', '/dev/null'], { input: markdown, encoding: 'utf8' })
  const warnings = (run.stderr.match(/Could not convert TeX math/g) ?? []).length
  console.log(`pandoc ${pandoc.stdout.split('\n')[0]!.split(' ')[1]}: ${formulas.length - warnings} converted (${percent(formulas.length - warnings)})`)
} else console.log('pandoc: not installed')
if (process.argv.includes('--failures')) for (const failure of failures) console.log(`  ${failure}`)
