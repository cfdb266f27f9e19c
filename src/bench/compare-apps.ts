/**
 * `npm run bench:compare -- <app folder> <app folder> … [--rounds=N]`: the browser benchmark of
 * several builds of the app, interleaved round by round, so that a change can be told from the
 * machine. On this two-core machine the browser figures of one build move by half from one
 * minute to the next (keystroke p95 51–157 ms for the same build within an hour), so a single
 * run before and after a change says nothing; runs of both builds side by side, paired by
 * round, do.
 *
 * Build the folders first, e.g. `npx vite build --outDir /tmp/a` on each commit. Prints one line
 * per run, then per build the median over its runs and how often its keystroke p95 was below the
 * first build's in the same round.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { CHROMIUM, describeBrowser, runBrowser } from './browser.js'
import { corpus, MIB } from './corpus.js'
import { percentile } from './stats.js'

const ROOT = resolve(import.meta.dirname, '..', '..')

interface RunFigures {
  median: number
  p95: number
  longest: number
  tasksOver50: number
  exportAfterTyping: number
  exportAfterReach: number
}

const args = process.argv.slice(2)
const rounds = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 3)
const folders = args.filter((arg) => !arg.startsWith('--')).map((folder) => resolve(folder))
const unbuilt = folders.filter((folder) => !existsSync(resolve(folder, 'index.html')))
if (folders.length < 2 || !Number.isInteger(rounds) || rounds < 1 || unbuilt.length > 0) {
  for (const folder of unbuilt) console.error(`no built app in ${folder} (npx vite build --outDir ${folder})`)
  console.error('usage: npm run bench:compare -- <built app folder> <built app folder> … [--rounds=N]')
  process.exit(2)
}

const text = corpus('readme', MIB, ROOT)
const results = new Map<string, RunFigures[]>(folders.map((folder) => [folder, []]))
const fixed = (value: number) => value.toFixed(0).padStart(5)

for (let round = 1; round <= rounds; round++) {
  for (const folder of folders) {
    const result = await runBrowser(folder, text, { keystrokes: 60, exports: 3, chromium: CHROMIUM })
    const described = describeBrowser(result)
    const figures: RunFigures = {
      median: described.median,
      p95: described.p95,
      longest: described.longest,
      tasksOver50: result.longTasks.filter((duration) => duration > 50).length,
      exportAfterTyping: described.exportMedian,
      exportAfterReach: described.exportAfterReachMedian,
    }
    results.get(folder)!.push(figures)
    console.log(`round ${round} ${folder}: keystroke median ${fixed(figures.median)} p95 ${fixed(figures.p95)} ms, longest task ${fixed(figures.longest)} ms, ${figures.tasksOver50} over 50 ms; export ${fixed(figures.exportAfterTyping)} ms after typing, ${fixed(figures.exportAfterReach)} ms after reaching`)
  }
}

const first = results.get(folders[0]!)!
console.log(`\nmedian of ${rounds} rounds                          median   p95  longest  >50ms  export  reach  p95 below the first's`)
for (const folder of folders) {
  const runs = results.get(folder)!
  const of = (pick: (figures: RunFigures) => number) => fixed(percentile(runs.map(pick), 50))
  const below = folder === folders[0] ? '' : `${runs.filter((figures, round) => figures.p95 < first[round]!.p95).length} of ${rounds}`
  console.log(`${folder.slice(-40).padEnd(44)} ${of((f) => f.median)} ${of((f) => f.p95)}   ${of((f) => f.longest)}  ${of((f) => f.tasksOver50)}   ${of((f) => f.exportAfterTyping)}  ${of((f) => f.exportAfterReach)}  ${below}`)
}
