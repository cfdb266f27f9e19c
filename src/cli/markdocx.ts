/**
 * The `markdocx` executable (bundled to dist/cli/markdocx.mjs by `npm run build:cli`).
 */
import { run } from './main.js'
import { isParseWorker, runParseWorker } from './parallel-parse.js'

// The bundle is also the parse worker's script. MARKDOCX_THREADS=2 parses long documents on
// two threads: not the default, as on a busy two-core machine it measured no faster (see the
// README's Performance section; `npm run bench` times both).
if (isParseWorker()) runParseWorker()
else
  run(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    ...(process.env.MARKDOCX_THREADS === '2' ? { parseWorker: new URL(import.meta.url) } : {}),
  }).then(
    (status) => {
      process.exitCode = status
    },
    (error: unknown) => {
      process.stderr.write(`markdocx: unexpected failure: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
      process.exitCode = 1
    },
  )
