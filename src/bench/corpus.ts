/**
 * The benchmark's documents, the same from every fresh clone (they depend only on the
 * lockfile's packages and a fixed seed):
 *
 * - `readme`: the README.md of every installed npm package, in path order, joined and repeated
 *   until the size is reached, cut at a line end. Real-world Markdown: headings, prose, code,
 *   tables, badges, HTML, lists.
 * - `lists`: a list-heavy document in the manner of awesome lists and changelogs — sections of
 *   bullet, ordered and task lists whose items are a link or a bold lead and a sentence, nested
 *   up to three deep, tight and loose, with the odd code block in an item — generated from a
 *   seeded pseudo-random sequence.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export type CorpusKind = 'readme' | 'lists'

export const KIB = 1024
export const MIB = 1024 * 1024

/** The README text of the installed packages (found once per process). */
let readmes: string | undefined

export function corpus(kind: CorpusKind, size: number, root: string): string {
  return kind === 'readme' ? readmeCorpus(size, root) : listCorpus(size)
}

function readmeCorpus(size: number, root: string): string {
  readmes ??= collectReadmes(join(root, 'node_modules'))
  if (readmes.length === 0) throw new Error('no README.md under node_modules: run npm ci first')
  let text = ''
  while (text.length < size) text += readmes
  return cutAtLine(text, size)
}

function collectReadmes(folder: string): string {
  const files: string[] = []
  const visit = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir).sort()
    } catch {
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      let isDirectory = false
      try {
        isDirectory = statSync(path).isDirectory()
      } catch {
        continue
      }
      if (isDirectory) visit(path)
      else if (/^readme\.md$/i.test(name)) files.push(path)
    }
  }
  visit(folder)
  // A README may start with a byte order mark; in the middle of a document it would be text.
  return files.map((path) => `${readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trimEnd()}\n\n`).join('')
}

/** The longest prefix of whole lines not longer than `size` characters. */
function cutAtLine(text: string, size: number): string {
  if (text.length <= size) return text
  const end = text.lastIndexOf('\n', size - 1)
  return text.slice(0, end + 1)
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = 'the of and a to in is for on that with as it by this be are from or at an use can which item list value option each new file data set when more other will not all one how see also'.split(' ')

function listCorpus(size: number): string {
  const next = random(20261121)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const words = (min: number, max: number) => {
    const count = min + Math.floor(next() * (max - min + 1))
    const out: string[] = []
    for (let i = 0; i < count; i++) {
      const word = pick(WORDS)
      const roll = next()
      out.push(roll < 0.04 ? `**${word}**` : roll < 0.08 ? `*${word}*` : roll < 0.11 ? `\`${word}()\`` : roll < 0.14 ? `[${word}](https://example.com/${word})` : word)
    }
    return out.join(' ')
  }
  const item = (marker: string, indent: string, depth: number): string => {
    // Items as in awesome lists and changelogs: a link or a bold lead, then a sentence.
    const lead = next() < 0.5 ? `[${pick(WORDS)}-${pick(WORDS)}](https://example.com/${pick(WORDS)}) — ` : next() < 0.5 ? `**${pick(WORDS)}:** ` : ''
    let out = `${indent}${marker} ${lead}${words(8, 24)}.\n`
    const roll = next()
    if (roll < 0.1) out += `${indent}${' '.repeat(marker.length + 1)}${words(6, 14)}\n`
    if (depth < 3 && roll > 0.7) {
      const childMarker = pick(['-', '*', '1.', '- [ ]', '- [x]'])
      const count = 2 + Math.floor(next() * 4)
      const childIndent = indent + ' '.repeat(marker.length + 1)
      for (let i = 0; i < count; i++) out += item(childMarker === '1.' ? `${i + 1}.` : childMarker, childIndent, depth + 1)
    }
    if (depth === 0 && roll > 0.97) out += `\n${indent}  \`\`\`js\n${indent}  const x = ${Math.floor(next() * 100)}\n${indent}  \`\`\`\n`
    return out
  }
  let text = '# A list-heavy document\n\n'
  let section = 0
  while (text.length < size) {
    section++
    text += `## Section ${section}\n\n${words(8, 20)}.\n\n`
    const lists = 1 + Math.floor(next() * 3)
    for (let l = 0; l < lists; l++) {
      const kind = pick(['ordered', 'ordered', '-', '*', '+', 'task'])
      const loose = next() < 0.25
      const count = 5 + Math.floor(next() * 40)
      for (let i = 0; i < count; i++) {
        const marker = kind === 'ordered' ? `${i + 1}.` : kind === 'task' ? pick(['- [ ]', '- [x]']) : kind
        text += item(marker, '', 0) + (loose ? '\n' : '')
      }
      text += '\n'
    }
  }
  return cutAtLine(text, size)
}
