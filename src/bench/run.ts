/**
 * `npm run bench`: how fast markdocx is at book length, next to pandoc and markdown-docx, in
 * the same run on the same machine.
 *
 *   npm run bench                      all corpora (100 KiB, 1 MiB, 4 MiB; README and lists)
 *   npm run bench -- --quick           1 MiB only, fewer runs
 *   npm run bench -- --sizes=1m,4m --kinds=readme --runs=5
 *   npm run bench -- --no-browser      skip the app in Chromium
 *   npm run bench -- --browser-only    only the app in Chromium
 *   npm run bench -- --update-readme   also write the table into README.md's Performance section
 *
 * Per corpus: in-process phase timings (remark's whole parse, the chunked parse, mdast → docx,
 * pack) in a child process of its own, then each CLI end to end as a user runs it (ours,
 * pandoc, markdown-docx), interleaved run by run, with peak resident memory. Then the built
 * app in Chromium: keystroke → preview latency and long tasks while typing into the 1 MiB
 * README document, and Export .docx from click to file.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { CHROMIUM, describeBrowser, runBrowser, type BrowserResult } from './browser.js'
import { corpus, KIB, MIB, type CorpusKind } from './corpus.js'
import type { PhaseLine } from './phases.js'
import { probe, timeProcess, type ProcessRun } from './processes.js'
import { formatMegabytes, formatTime, summarize, type Summary } from './stats.js'

const ROOT = resolve(import.meta.dirname, '..', '..')

interface Options {
  sizes: number[]
  kinds: CorpusKind[]
  runs: number
  browser: boolean
  updateReadme: boolean
  keystrokes: number
}

function parseOptions(argv: string[]): Options {
  const options: Options = { sizes: [100 * KIB, MIB, 4 * MIB], kinds: ['readme', 'lists'], runs: 3, browser: true, updateReadme: false, keystrokes: 60 }
  for (const argument of argv) {
    const [flag, value] = argument.split('=', 2) as [string, string | undefined]
    if (flag === '--quick') {
      options.sizes = [MIB]
      options.runs = 2
      options.keystrokes = 30
    } else if (flag === '--sizes' && value) options.sizes = value.split(',').map(parseSize)
    else if (flag === '--kinds' && value) options.kinds = value.split(',').filter((kind): kind is CorpusKind => kind === 'readme' || kind === 'lists')
    else if (flag === '--runs' && value) options.runs = Math.max(1, Number(value))
    else if (flag === '--keystrokes' && value) options.keystrokes = Math.max(5, Number(value))
    else if (flag === '--no-browser') options.browser = false
    else if (flag === '--browser-only') options.kinds = []
    else if (flag === '--update-readme') options.updateReadme = true
    else throw new Error(`unknown option ${argument} (see src/bench/run.ts)`)
  }
  return options
}

function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([km]?)i?b?$/i.exec(text.trim())
  if (!match) throw new Error(`not a size: ${text}`)
  const unit = match[2]!.toLowerCase() === 'm' ? MIB : match[2]!.toLowerCase() === 'k' ? KIB : 1
  return Math.round(Number(match[1]) * unit)
}

function sizeName(size: number): string {
  return size >= MIB ? `${+(size / MIB).toFixed(1)} MiB` : `${Math.round(size / KIB)} KiB`
}

interface Row {
  kind: CorpusKind
  size: number
  phases: Partial<Record<PhaseLine['phase'], Summary>>
  /** The phase child stopped before remark's whole parse finished once. */
  wholeStopped?: number
  parseRss?: number
  ours: Tool
  /** The CLI parsing on two threads (MARKDOCX_THREADS=2). */
  oursTwo?: Tool
  /** The CLI drawing the document's Mermaid diagrams in Chromium (the main runs keep them code, as the peers do). */
  oursDiagrams?: Tool
  /** The CLI without V8's code cache (NODE_DISABLE_COMPILE_CACHE=1), as on its first run. */
  oursUncached?: Tool
  pandoc?: Tool
  markdownDocx?: Tool
}

interface Tool {
  time?: Summary
  rss?: number
  failed?: string
}

/** Runs phases.ts on a corpus in its own process; gives up on the whole parse after `limitMs`. */
function runPhases(file: string, runs: number, limitMs: number): Promise<{ lines: PhaseLine[]; stopped: boolean }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(ROOT, 'src/bench/phases.ts'), file, String(runs)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    let stopped = false
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => {
      stopped = true
      child.kill('SIGKILL')
    }, limitMs)
    child.on('close', () => {
      clearTimeout(timer)
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as PhaseLine)
      done({ lines, stopped })
    })
  })
}

function summarizeTool(runs: ProcessRun[]): Tool {
  const good = runs.filter((run) => run.ok)
  const failed = runs.find((run) => !run.ok)
  const rss = good.map((run) => run.rss).filter((value): value is number => value !== undefined)
  return { ...(good.length > 0 ? { time: summarize(good.map((run) => run.ms))! } : {}), ...(rss.length > 0 ? { rss: Math.max(...rss) } : {}), ...(failed?.error ? { failed: failed.error } : {}) }
}

function log(message: string): void {
  process.stderr.write(`${message}\n`)
}

/** Builds the CLI bundle, so the timings are of the code in this tree. */
function buildCli(): void {
  const result = spawnSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm run build:cli failed')
}

/** The built app, built again when any source is newer; undefined when there is no app to build. */
function builtApp(): string | undefined {
  const folder = join(ROOT, 'dist', 'app')
  if (!existsSync(join(ROOT, 'src', 'app')) || !existsSync(join(ROOT, 'src', 'worker'))) return undefined
  const index = join(folder, 'index.html')
  if (!existsSync(index) || newestSource(join(ROOT, 'src')) > statSync(index).mtimeMs) {
    log('building the app (vite build)…')
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' })
    if (result.status !== 0) return undefined
  }
  return existsSync(index) ? folder : undefined
}

function newestSource(folder: string): number {
  let newest = 0
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    const stats = statSync(path)
    newest = Math.max(newest, stats.isDirectory() ? newestSource(path) : stats.mtimeMs)
  }
  return newest
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2))
  const scratch = mkdtempSync(join(tmpdir(), 'markdocx-bench-'))
  try {
    log('building the CLI…')
    buildCli()
    const cli = join(ROOT, 'dist', 'cli', 'markdocx.mjs')
    const pandoc = probe('pandoc')
    const markdownDocxBin = join(ROOT, 'node_modules', 'markdown-docx', 'bin', 'markdown-docx.mjs')
    const markdownDocx = existsSync(markdownDocxBin) ? `markdown-docx ${JSON.parse(readFileSync(join(ROOT, 'node_modules', 'markdown-docx', 'package.json'), 'utf8')).version as string}` : undefined
    // Every tool converts the same text and none fetches images: markdown-docx skips images,
    // ours runs with --no-remote-images (and --no-diagrams: the peers keep a Mermaid block as
    // code, so drawing it in Chromium is timed in a run of its own), and pandoc (which has no such switch) runs without a
    // network (`unshare -n`: each fetch fails at once and the image becomes its description),
    // or else with a filter that turns remote images into their descriptions.
    const offline = spawnSync('unshare', ['-n', 'true']).status === 0
    const noRemote = join(scratch, 'no-remote-images.lua')
    writeFileSync(noRemote, "function Image(el)\n  if el.src:match('^%a[%w+.-]*:') then return el.caption end\nend\n")
    const pandocCommand = (file: string): [string, string[]] => {
      const args = ['-f', 'gfm', '-t', 'docx', '-o', join(scratch, 'out', 'pandoc.docx'), file]
      return offline ? ['unshare', ['-n', 'pandoc', ...args]] : ['pandoc', [`--lua-filter=${noRemote}`, ...args]]
    }
    const markdownDocxConfig = join(scratch, 'markdown-docx.json')
    writeFileSync(markdownDocxConfig, JSON.stringify({ ignoreImage: true }))
    mkdirSync(join(scratch, 'out'))

    const rows: Row[] = []
    for (const kind of options.kinds) {
      for (const size of options.sizes) {
        const text = corpus(kind, size, ROOT)
        const file = join(scratch, `${kind}-${size}.md`)
        writeFileSync(file, text)
        const runs = size >= 4 * MIB ? Math.max(1, options.runs - 1) : options.runs
        log(`${kind} ${sizeName(size)}: phases…`)
        const { lines, stopped } = await runPhases(file, runs, 240_000)
        const phases: Row['phases'] = {}
        for (const line of lines) phases[line.phase] = summarize(line.ms)
        const row: Row = { kind, size, phases, ours: {}, ...(lines.find((line) => line.phase === 'parse-chunked') ? { parseRss: lines.find((line) => line.phase === 'parse-chunked')!.rss } : {}) }
        if (stopped && !phases['parse-whole']) row.wholeStopped = 240
        const ours: ProcessRun[] = []
        const oursTwo: ProcessRun[] = []
        const oursUncached: ProcessRun[] = []
        const oursDiagrams: ProcessRun[] = []
        const hasDiagrams = /^ {0,3}(`{3,}|~{3,})\s*\{?\.?mermaid\b/m.test(text)
        const pandocRuns: ProcessRun[] = []
        const markdownDocxRuns: ProcessRun[] = []
        for (let run = 0; run < runs; run++) {
          log(`${kind} ${sizeName(size)}: CLI run ${run + 1}/${runs}…`)
          // The CLI's code cache starts empty in every bench (the first CLI run writes it).
          const limit = { cwd: scratch, scratch, timeoutMs: 300_000, env: { MARKDOCX_CACHE_DIR: join(scratch, 'v8-cache') } }
          const flags = ['--quiet', '--no-remote-images', '--no-diagrams']
          ours.push(await timeProcess(process.execPath, [cli, file, '-o', join(scratch, 'out', 'ours.docx'), ...flags], limit))
          if (size === MIB) oursUncached.push(await timeProcess(process.execPath, [cli, file, '-o', join(scratch, 'out', 'ours-uncached.docx'), ...flags], { ...limit, env: { NODE_DISABLE_COMPILE_CACHE: '1' } }))
          if (size === MIB && hasDiagrams) oursDiagrams.push(await timeProcess(process.execPath, [cli, file, '-o', join(scratch, 'out', 'ours-diagrams.docx'), '--quiet', '--no-remote-images'], limit))
          if (size >= MIB) oursTwo.push(await timeProcess(process.execPath, [cli, file, '-o', join(scratch, 'out', 'ours2.docx'), ...flags], { ...limit, env: { ...limit.env, MARKDOCX_THREADS: '2' } }))
          if (pandoc) pandocRuns.push(await timeProcess(...pandocCommand(file), limit))
          if (markdownDocx) markdownDocxRuns.push(await timeProcess(process.execPath, [markdownDocxBin, '-i', file, '-o', join(scratch, 'out', 'markdown-docx.docx'), '-c', markdownDocxConfig], limit))
        }
        row.ours = summarizeTool(ours)
        if (oursTwo.length > 0) row.oursTwo = summarizeTool(oursTwo)
        if (oursUncached.length > 0) row.oursUncached = summarizeTool(oursUncached)
        if (oursDiagrams.length > 0) row.oursDiagrams = summarizeTool(oursDiagrams)
        if (pandoc) row.pandoc = summarizeTool(pandocRuns)
        if (markdownDocx) row.markdownDocx = summarizeTool(markdownDocxRuns)
        rows.push(row)
      }
    }

    let browser: BrowserResult | undefined
    let browserNote = ''
    if (!options.browser) browserNote = 'Browser benchmark skipped (--no-browser).'
    else if (!existsSync(CHROMIUM)) browserNote = `Browser benchmark skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH).`
    else {
      const app = builtApp()
      if (!app) browserNote = 'Browser benchmark skipped: the app (src/app with its worker) is not there or did not build.'
      else {
        log('browser: the app with a 1 MiB document…')
        try {
          browser = await runBrowser(app, corpus('readme', MIB, ROOT), { keystrokes: options.keystrokes, exports: 3, chromium: CHROMIUM })
        } catch (error) {
          browserNote = `Browser benchmark failed: ${(error as Error).message.split('\n')[0]}`
        }
      }
    }

    const report = renderReport(rows, { pandoc: pandoc && `${pandoc}${offline ? ' (run offline with unshare -n)' : ' (remote images dropped by a Lua filter)'}`, markdownDocx, runs: options.runs }, browser, browserNote)
    process.stdout.write(`${report}\n`)
    if (options.updateReadme) updateReadme(report)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

function ratio(a: Summary | undefined, b: Summary | undefined): string {
  return a && b ? `${(b.median / a.median).toFixed(2)}×` : '—'
}

function renderReport(rows: Row[], tools: { pandoc: string | undefined; markdownDocx: string | undefined; runs: number }, browser: BrowserResult | undefined, browserNote: string): string {
  const lines: string[] = []
  // Other work on the machine shows in every figure: say how busy it was.
  const machine = `Node ${process.version}, ${readCpuName()}, load average ${loadavg().map((value) => value.toFixed(1)).join(' / ')} at the end, ${new Date().toISOString().slice(0, 10)}`
  lines.push(`Command: \`npm run bench\` — ${machine}; median (fastest–slowest) of ${tools.runs} runs (4 MiB: ${Math.max(1, tools.runs - 1)}).`)
  lines.push('')
  lines.push('| document | remark whole parse | chunked parse | mdast → docx | pack | markdocx CLI | peak RSS | CLI, 2 threads | pandoc | peak RSS | markdown-docx | peak RSS |')
  lines.push('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |')
  for (const row of rows) {
    const whole = row.phases['parse-whole'] ? formatTime(row.phases['parse-whole']) : row.wholeStopped ? `> ${row.wholeStopped} s` : '—'
    lines.push(
      `| ${row.kind === 'readme' ? 'READMEs' : 'lists'} ${sizeName(row.size)} | ${whole} | ${formatTime(row.phases['parse-chunked'])} | ${formatTime(row.phases.compile)} | ${formatTime(row.phases.pack)} | ${row.ours.failed && !row.ours.time ? 'failed' : formatTime(row.ours.time)} | ${formatMegabytes(row.ours.rss)} | ${row.oursTwo ? formatTime(row.oursTwo.time) : '—'} | ${row.pandoc ? formatTime(row.pandoc.time) : 'not installed'} | ${formatMegabytes(row.pandoc?.rss)} | ${row.markdownDocx ? formatTime(row.markdownDocx.time) : '—'} | ${formatMegabytes(row.markdownDocx?.rss)} |`,
    )
  }
  lines.push('')
  lines.push(`Peers: ${tools.pandoc ?? 'pandoc not installed'}; ${tools.markdownDocx ?? 'markdown-docx not installed'}. Phase timings are in-process (warm after the first run; from the second run on, mdast → docx finds code and HTML blocks' highlighting and parses in its text caches, as the app's export worker does on every export after the first — the slowest of the three is a first run); CLI timings are whole processes, start-up included, with Mermaid diagrams kept as code as the peers keep them (\`--no-diagrams\`); the CLI's V8 code cache starts empty in each bench, so its first run is uncached.`)
  const find = (kind: CorpusKind, size: number) => rows.find((row) => row.kind === kind && row.size === size)
  const readme1 = find('readme', MIB)
  const lists1 = find('lists', MIB)
  const readme4 = find('readme', 4 * MIB)
  const targets: string[] = []
  if (readme1?.ours.time && readme1.pandoc?.time) targets.push(`CLI on 1 MiB of READMEs: ${ratio(readme1.ours.time, readme1.pandoc.time)} faster than pandoc (target ≥ 3×)`)
  if (readme1?.oursUncached?.time && readme1.pandoc?.time) targets.push(`without its code cache (as on a first run) ${formatTime(readme1.oursUncached.time)}, ${ratio(readme1.oursUncached.time, readme1.pandoc.time)} faster than pandoc`)
  if (readme1?.oursDiagrams?.time) targets.push(`with its Mermaid diagrams drawn in Chromium (the peers keep them as code) ${formatTime(readme1.oursDiagrams.time)}`)
  if (readme1?.ours.time && readme1.markdownDocx?.time) targets.push(`${ratio(readme1.ours.time, readme1.markdownDocx.time)} the speed of markdown-docx (target > 1×)`)
  if (readme1?.ours.time && lists1?.ours.time) targets.push(`lists 1 MiB takes ${(lists1.ours.time.median / readme1.ours.time.median).toFixed(2)}× the README MiB (target ≤ 1.5×)`)
  if (readme1?.ours.time && readme4?.ours.time) targets.push(`4 MiB takes ${(readme4.ours.time.median / readme1.ours.time.median).toFixed(2)}× 1 MiB (target ≤ 4.5×)`)
  if (readme1?.parseRss) targets.push(`parse alone peaks at ${formatMegabytes(readme1.parseRss)} for 1 MiB`)
  if (targets.length > 0) lines.push(`Targets: ${targets.join('; ')}.`)
  lines.push('')
  if (browser) {
    const b = describeBrowser(browser)
    lines.push('| app in Chromium, 1 MiB of READMEs | measured | target |')
    lines.push('| --- | --: | --: |')
    lines.push(`| keystroke → preview, median | ${b.median.toFixed(0)} ms | ≤ 50 ms |`)
    lines.push(`| keystroke → preview, p95 | ${b.p95.toFixed(0)} ms | ≤ 100 ms |`)
    lines.push(`| longest main-thread task while typing | ${b.longest.toFixed(0)} ms | ≤ 50 ms |`)
    lines.push(`| Export .docx 0.5 s after a keystroke, click → file (median of ${browser.exports.join(', ')} ms) | ${b.exportMedian.toFixed(0)} ms | ≤ 1000 ms |`)
    lines.push(`| Export .docx 6 s after a keystroke (prepared meanwhile), click → file (median of ${browser.exportsAfterPause.join(', ')} ms) | ${b.exportAfterPauseMedian.toFixed(0)} ms | ≤ 1000 ms |`)
    lines.push(`| Export .docx 0.5 s after a keystroke, pointer on the button for the last 0.4 s, click → file (median of ${browser.exportsAfterReach.join(', ')} ms) | ${b.exportAfterReachMedian.toFixed(0)} ms | ≤ 1000 ms |`)
    lines.push(`| open file → whole preview shown | ${browser.firstRender} ms | |`)
    lines.push('')
    lines.push(`${browser.latencies.length} keystrokes at about eight a second into a paragraph in the middle${browser.missed > 0 ? ` (${browser.missed} not seen in the preview within 5 s)` : ''}; ${browser.longTasks.length} main-thread tasks over 50 ms; exported file ${formatMegabytes(browser.exportBytes)}.`)
  } else lines.push(browserNote)
  return lines.join('\n')
}

function readCpuName(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8')
    const name = /model name\s*:\s*(.+)/.exec(info)?.[1]?.trim()
    const cores = info.match(/^processor\s*:/gm)?.length
    return `${cores ?? '?'} × ${name ?? 'unknown CPU'}`
  } catch {
    return 'unknown CPU'
  }
}

/** Replaces the table between the Performance section's markers in README.md. */
function updateReadme(report: string): void {
  const path = join(ROOT, 'README.md')
  const readme = readFileSync(path, 'utf8')
  const start = '<!-- bench:start -->'
  const end = '<!-- bench:end -->'
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from === -1 || to === -1) {
    log('README.md has no bench markers; not updated')
    return
  }
  writeFileSync(path, `${readme.slice(0, from + start.length)}\n${report}\n${readme.slice(to)}`)
  log('README.md updated')
}

await main()
