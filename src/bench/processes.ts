/**
 * Timing whole programs: wall time and peak resident memory of a child process (through GNU
 * time's `%M` where it is installed), with a time limit.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

export interface ProcessRun {
  ms: number
  /** Peak resident set size in bytes, when GNU time could tell. */
  rss?: number
  ok: boolean
  /** The first lines of stderr, when the program failed. */
  error?: string
}

const GNU_TIME = '/usr/bin/time'
const hasGnuTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M', 'true']).status === 0

/** Runs `command` with `args`, timing it; gives up after `timeoutMs`. */
export function timeProcess(command: string, args: readonly string[], options: { cwd: string; timeoutMs: number; scratch: string; env?: Record<string, string> }): Promise<ProcessRun> {
  const report = join(options.scratch, `time-${process.pid}-${Date.now()}.txt`)
  const [file, argv] = hasGnuTime ? [GNU_TIME, ['-f', '%M', '-o', report, command, ...args]] : [command, [...args]]
  return new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(file, argv, { cwd: options.cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...options.env } })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const ms = performance.now() - started
      let rss: number | undefined
      if (hasGnuTime && existsSync(report)) {
        const kib = Number(readFileSync(report, 'utf8').trim().split('\n').pop())
        if (Number.isFinite(kib)) rss = kib * 1024
        rmSync(report, { force: true })
      }
      const ok = code === 0 && signal === null
      resolve({ ms, ...(rss !== undefined ? { rss } : {}), ok, ...(ok ? {} : { error: signal ? `stopped after ${Math.round(options.timeoutMs / 1000)} s` : stderr.split('\n').slice(0, 3).join(' ') }) })
    })
  })
}

/** Whether a program runs at all (`--version`), and its first line of output. */
export function probe(command: string, args: readonly string[] = ['--version']): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0 || result.error) return undefined
  return result.stdout.split('\n')[0]?.trim()
}
