/**
 * The CLI bundle's entry (dist/cli/markdocx-main.cjs, by `npm run build:cli`), started by the
 * executable, launch.ts, which loads it through V8's code cache.
 */
import { run } from './main.js'
import { isConvertWorker, runConvertWorker } from './isolated-convert.js'
import { isParseWorker, runParseWorker } from './parallel-parse.js'

/**
 * Runs the CLI on this process's arguments and streams. `entry` is the executable's URL, which
 * is also the script of the conversion and parse workers. MARKDOCX_THREADS=2 parses long documents on two threads:
 * not the default, as on a busy two-core machine it measured no faster (see the README's
 * Performance section; `npm run bench` times both).
 */
export function start(entry: URL): void {
  if (isParseWorker()) {
    runParseWorker()
    return
  }
  if (isConvertWorker()) {
    runConvertWorker()
    return
  }
  run(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    bundle: entry,
    ...(process.env.MARKDOCX_THREADS === '2' ? { parseWorker: entry } : {}),
  }).then(
    (status) => {
      process.exitCode = status
    },
    (error: unknown) => {
      process.stderr.write(`markdocx: unexpected failure: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
      process.exitCode = 1
    },
  )
}
