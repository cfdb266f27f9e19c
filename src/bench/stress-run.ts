/**
 * Runs the built CLI on one file as a separate process under a heap limit and a time limit, and
 * reports how it ended, how long it took and its peak memory (the process reports its own
 * `maxRSS` at exit through a preloaded module, whichever way the CLI exits).
 */
import { spawn } from 'node:child_process'

export interface StressRun {
  code: number | null
  signal: NodeJS.Signals | null
  ms: number
  /** Peak resident memory in MB (NaN when the process died before reporting it). */
  peakMb: number
  stderr: string
  /** Messages the CLI printed (`file:line:column: …`). */
  messages: number
}

const REPORT_PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\npeak-rss-kb='+process.resourceUsage().maxRSS+'\\n'))`

export function runCli(bin: string, input: string, output: string, limits: { heapMb: number; timeMs: number }): Promise<StressRun> {
  return new Promise((done, fail) => {
    const started = performance.now()
    const child = spawn(process.execPath, [`--max-old-space-size=${limits.heapMb}`, '--import', REPORT_PEAK, bin, input, '-o', output], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), limits.timeMs)
    child.on('error', fail)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const peak = /peak-rss-kb=(\d+)/.exec(stderr)
      const messages = stderr.split('\n').filter((line) => /^\S+:\d+:\d+/.test(line)).length
      done({ code, signal, ms: performance.now() - started, peakMb: peak ? Math.round(Number(peak[1]) / 1024) : Number.NaN, stderr, messages })
    })
  })
}

/** One row of the figures table. */
export function stressRow(name: string, inputChars: number, run: StressRun): string {
  const outcome = run.signal ? `killed (${run.signal})` : run.code === 0 ? '' : `exit ${run.code}`
  return `${name.padEnd(42)} ${(inputChars / 1e6).toFixed(2).padStart(8)} ${(run.ms / 1000).toFixed(1).padStart(8)} ${String(run.peakMb).padStart(8)} ${String(run.messages).padStart(9)}  ${outcome}`
}

export const STRESS_HEADER = `${'family'.padEnd(42)} ${'input MB'.padStart(8)} ${'seconds'.padStart(8)} ${'peak MB'.padStart(8)} ${'messages'.padStart(9)}`
