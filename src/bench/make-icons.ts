/**
 * `npm run icons`: the app's PNG icons (src/app/public/), drawn by sharp from the two hand-written
 * SVGs beside them. Run after changing an SVG; the PNGs are committed, so a build needs no sharp
 * step. Deterministic: no metadata, fixed compression, so the same SVG gives the same bytes.
 */
import { resolve } from 'node:path'
import sharp from 'sharp'

const PUBLIC = resolve(import.meta.dirname, '..', 'app', 'public')

/** [source SVG, size, output] — what the manifest and index.html name. */
const ICONS: [string, number, string][] = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['icon.svg', 180, 'apple-touch-icon.png'],
  ['icon-maskable.svg', 512, 'icon-maskable-512.png'],
]

for (const [source, size, output] of ICONS) {
  await sharp(resolve(PUBLIC, source), { density: 72 * (size / 512) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(resolve(PUBLIC, output))
  console.log(`${output} ${size}×${size}`)
}
