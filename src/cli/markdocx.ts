/**
 * The `markdocx` executable (bundled to dist/cli/markdocx.mjs by `npm run build:cli`).
 */
import { run } from './main.js'

run(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() }).then(
  (status) => {
    process.exitCode = status
  },
  (error: unknown) => {
    process.stderr.write(`markdocx: unexpected failure: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
    process.exitCode = 1
  },
)
