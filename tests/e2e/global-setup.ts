/**
 * Builds the app into its own folder (not dist/app, which `npm run build` owns) and serves it
 * with `vite preview` — the same server and headers as `npm start` — on a free port.
 * MARKDOCX_E2E_URL points the tests at an app that is already running instead.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build, preview, type PreviewServer } from 'vite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..')

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))))
    })
  })
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.MARKDOCX_E2E_URL
  if (given) {
    project.provide('appUrl', given)
    return async () => {}
  }
  const outDir = mkdtempSync(join(tmpdir(), 'markdocx-e2e-app-'))
  // Vitest sets NODE_ENV=test, and Vite builds with the NODE_ENV it finds: React's development
  // build, its checks and warnings, which made the preview twice as slow in the robustness
  // figures as in the app `npm start` serves. Build as that does.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  const port = await freePort()
  const server: PreviewServer = await preview({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1', open: false } })
  project.provide('appUrl', `http://127.0.0.1:${port}/`)
  return async () => {
    await server.close()
    rmSync(outDir, { recursive: true, force: true })
  }
}
