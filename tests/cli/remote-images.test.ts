/**
 * The CLI with remote images, against a local server (tests/support/image-server.ts), no real
 * network: images that hang or fail become placeholders with a message at their source
 * position, the export never fails for them, and --no-remote-images asks the network nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run, type CliIo } from '../../src/cli/main.js'
import { checkProducedWithOracle, inspect, textOf } from '../support/docx.js'
import { startImageServer, type ImageServer } from '../support/image-server.js'
import { elements } from '../support/xml.js'

checkProducedWithOracle('cli remote images')

let server: ImageServer
let work: string

beforeAll(async () => {
  server = await startImageServer()
  work = mkdtempSync(join(tmpdir(), 'markdocx-remote-'))
})
afterAll(async () => {
  await server.close()
})

/** A port on the loopback that nothing listens on (one the system gave, then closed). */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as AddressInfo
  await new Promise((done) => probe.close(done))
  return port
}

async function cli(argv: string[]): Promise<{ status: number; stderr: string }> {
  let stderr = ''
  const io: CliIo = {
    stdin: (async function* () {})(),
    stdout: { write: () => undefined },
    stderr: { write: (chunk) => (stderr += chunk) },
    cwd: work,
  }
  return { status: await run(argv, io), stderr }
}

/** A document of badges: two load, one fails, many hang (all on the one test server). */
function badges(): string {
  const lines = ['# Badges', '', `![ok one](${server.origin}/ok/one.png) ![ok two](${server.origin}/ok/two.png)`, '', `![broken](${server.origin}/fail/broken.png)`, '']
  for (let i = 0; i < 40; i++) lines.push(`[![hanging ${i}](${server.origin}/hang/badge-${i}.svg)](https://example.com/${i})`, '')
  // The same badge again: loaded (and reported) once per place, requested once.
  lines.push(`![ok one again](${server.origin}/ok/one.png)`, '')
  return lines.join('\n')
}

describe('markdocx CLI with remote images', () => {
  it('finishes with placeholders and positioned messages when some images hang or fail', async () => {
    writeFileSync(join(work, 'badges.md'), badges())
    const started = performance.now()
    const { status, stderr } = await cli(['badges.md', '-o', 'badges.docx', '--image-timeout', '0.5', '--image-deadline', '20'])
    const elapsed = performance.now() - started
    expect(status).toBe(0)
    // 40 hanging images at 8 a time, 0.5 s each, would take 2.5 s; the hanging server is given up after 2.
    expect(elapsed).toBeLessThan(10_000)
    const produced = inspect(new Uint8Array(readFileSync(join(work, 'badges.docx'))), [], 'cli badges.docx')
    expect(elements(produced.document, 'w:drawing')).toHaveLength(3)
    const text = textOf(produced.document)
    expect(text).toContain('[image: broken]')
    expect(text).toContain('[image: hanging 0]')
    expect(text).toContain('[image: hanging 39]')
    expect(stderr).toMatch(/^badges\.md:5:1: Image "http:\/\/127\.0\.0\.1:\d+\/fail\/broken\.png" is not in the document: the server answered 500 Internal Server Error \[image-missing\]$/m)
    expect(stderr).toMatch(/^badges\.md:7:2: Image ".*\/hang\/badge-0\.svg" is not in the document: no answer within 0\.5 s \[image-missing\]$/m)
    expect(stderr).toMatch(/^badges\.md:85:2: Image ".*\/hang\/badge-39\.svg" is not in the document: not loaded: 127\.0\.0\.1:\d+ did not answer for 2 earlier images \[image-missing\]$/m)
    expect(stderr.match(/\[image-missing\]/g)).toHaveLength(41)
    expect(server.requests.get('/ok/one.png')).toBe(1)
    // About one round of hanging images reached the server (8 at a time, and one started as the first timed out), not 40.
    const hung = [...server.requests.keys()].filter((path) => path.startsWith('/hang/')).length
    expect(hung).toBeLessThanOrEqual(10)
  })

  it('gives a host up at its first refused connection: 300 badges offline take no longer than one', async () => {
    // A loopback port nothing listens on: the connection is refused at once (ECONNREFUSED), as a
    // host name that does not resolve offline fails (ENOTFOUND) — there, after seconds each.
    const port = await closedPort()
    writeFileSync(join(work, 'refused.md'), Array.from({ length: 300 }, (_, i) => `![badge ${i}](http://127.0.0.1:${port}/badge-${i}.svg)`).join('\n\n'))
    const { status, stderr } = await cli(['refused.md', '-o', 'refused.docx'])
    expect(status).toBe(0)
    expect(stderr).toMatch(/^refused\.md:1:1: Image "http:\/\/127\.0\.0\.1:\d+\/badge-0\.svg" is not in the document: download failed \(ECONNREFUSED[^)]*\) \[image-missing\]$/m)
    expect(stderr).toMatch(/^refused\.md:199:1: Image ".*badge-99\.svg" is not in the document: not loaded: 127\.0\.0\.1:\d+ could not be reached \(download failed \(ECONNREFUSED.*\)\) \[image-missing\]$/m)
    const produced = inspect(new Uint8Array(readFileSync(join(work, 'refused.docx'))), [], 'cli refused.docx')
    expect(textOf(produced.document)).toContain('[image: badge 299]')
  })

  it('stops at the deadline', async () => {
    writeFileSync(join(work, 'slow.md'), Array.from({ length: 6 }, (_, i) => `![slow ${i}](${server.origin}/slow/5000/deadline-${i}.png)`).join('\n\n'))
    const started = performance.now()
    const { status, stderr } = await cli(['slow.md', '-o', 'slow.docx', '--image-timeout', '30', '--image-deadline', '0.5'])
    expect(status).toBe(0)
    expect(performance.now() - started).toBeLessThan(4_500)
    expect(stderr.match(/is not in the document: not loaded: the export stopped waiting for images after 0\.5 s \[image-missing\]/g)).toHaveLength(6)
  })

  it('--no-remote-images: placeholders with a message each, and no request at all', async () => {
    writeFileSync(join(work, 'offline.md'), badges())
    const before = [...server.requests.values()].reduce((sum, n) => sum + n, 0)
    const { status, stderr } = await cli(['offline.md', '-o', 'offline.docx', '--no-remote-images'])
    expect(status).toBe(0)
    expect([...server.requests.values()].reduce((sum, n) => sum + n, 0)).toBe(before)
    const produced = inspect(new Uint8Array(readFileSync(join(work, 'offline.docx'))), [], 'cli offline.docx')
    expect(elements(produced.document, 'w:drawing')).toHaveLength(0)
    expect(textOf(produced.document)).toContain('[image: ok one]')
    expect(stderr).toMatch(/^offline\.md:3:1: Image ".*\/ok\/one\.png" is not in the document: remote images are turned off \(--no-remote-images\) \[image-missing\]$/m)
    expect(stderr.match(/\[image-missing\]/g)).toHaveLength(44)
  })

  it('--image-deadline must be a positive number', async () => {
    const { status, stderr } = await cli(['badges.md', '--image-deadline', 'soon'])
    expect(status).toBe(2)
    expect(stderr).toContain('--image-deadline must be a positive number of seconds (got "soon")')
  })
})
