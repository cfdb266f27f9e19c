/**
 * The CLI's image converter (sharp): SVG embedded with a PNG fallback, WebP/AVIF/TIFF turned
 * into formats Word shows, explicit sizes applied — through the CLI itself, in-process.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { run } from '../../../src/cli/main.js'
import { createSharpImageConverter } from '../../../src/cli/sharp-image-converter.js'
import { checkImage } from '../../../src/docx/media/images.js'
import { openDocx } from '../../support/docx-package.js'
import { checkStructure } from '../../support/structure.js'

const ASSETS = join(import.meta.dirname, 'assets', 'images-svg')
const EMU_PER_PIXEL = 9525

async function cli(args: string[]): Promise<{ status: number; stderr: string }> {
  let stderr = ''
  const status = await run(args, { stdin: (async function* () {})(), stdout: { write: () => true }, stderr: { write: (chunk: string) => (stderr += chunk) }, cwd: ASSETS })
  return { status, stderr }
}

describe('images converted by the CLI', () => {
  it('embeds SVG as its PNG rendering by default, converts WebP and applies sizes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-svg-'))
    try {
      const out = join(dir, 'out.docx')
      const { status, stderr } = await cli(['input.md', '-o', out])
      expect(status).toBe(0)
      expect(stderr).toBe('')
      const data = new Uint8Array(readFileSync(out))
      expect(checkStructure(data)).toEqual([])
      const docx = openDocx(data)
      expect(docx.paths.filter((path) => path.startsWith('word/media/')).sort()).toEqual(['word/media/image1.png', 'word/media/image1.jpg'].sort())
      const xml = docx.text('word/document.xml')!
      expect(xml).not.toContain('svgBlip')
      const extents = [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [Number(m[1]) / EMU_PER_PIXEL, Number(m[2]) / EMU_PER_PIXEL])
      expect(extents[0]).toEqual([240, 120])
      expect(extents[1]![0]).toBe(Math.round(9026 / 15 / 2))
      expect(extents[2]).toEqual([192, 96])
      expect(extents[3]).toEqual([120, 60])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('with --svg vector, embeds the SVG itself with its PNG as fallback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-svg-'))
    try {
      const out = join(dir, 'out.docx')
      const { status } = await cli(['input.md', '--svg', 'vector', '-o', out])
      expect(status).toBe(0)
      const data = new Uint8Array(readFileSync(out))
      // Structural checks only: the shared oracle flags every SVG part (see DocxOptions.svg).
      expect(checkStructure(data)).toEqual([])
      const docx = openDocx(data)
      expect(docx.paths.filter((path) => path.startsWith('word/media/')).sort()).toEqual(['word/media/image1.png', 'word/media/image1.svg', 'word/media/image1.jpg'].sort())
      // Word 2016+ draws the SVG (asvg:svgBlip); older readers the PNG blip.
      expect(docx.text('word/document.xml')).toContain('<asvg:svgBlip xmlns:asvg="http://schemas.microsoft.com/office/drawing/2016/SVG/main" r:embed=')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('rasterises SVG at twice its size and keeps the SVG size for display', async () => {
    const result = await checkImage(new Uint8Array(readFileSync(join(ASSETS, 'diagram.svg'))), createSharpImageConverter())
    expect(result.ok && [result.info.format, result.info.width, result.fallback?.info.format, result.fallback?.info.width]).toEqual(['svg', 240, 'png', 480])
  })

  it('turns AVIF with transparency into PNG and TIFF into PNG', async () => {
    const convert = createSharpImageConverter()
    const avif = new Uint8Array(await sharp({ create: { width: 30, height: 10, channels: 4, background: '#33669980' } }).avif().toBuffer())
    const tiff = new Uint8Array(await sharp({ create: { width: 30, height: 10, channels: 3, background: '#336699' } }).tiff().toBuffer())
    for (const bytes of [avif, tiff]) {
      const result = await checkImage(bytes, convert)
      expect(result.ok && [result.info.format, result.info.width, result.info.height]).toEqual(['png', 30, 10])
    }
  })

  it('says why a broken SVG could not be converted', async () => {
    const result = await checkImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect</svg>'), createSharpImageConverter())
    expect(result.ok).toBe(false)
    expect(!result.ok && result.reason).toMatch(/^SVG images cannot be embedded in Word and converting it failed \(.+\)$/)
  })
})
