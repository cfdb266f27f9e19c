/**
 * Holds the architecture's layering (ARCHITECTURE.md): the compiler and the parser are pure —
 * no React, no CodeMirror, no node:*, nothing from the app's layers — and only src/cli
 * touches Node.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '..', 'src')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx|mts)$/.test(name) ? [path] : []
  })
}

function imports(path: string): string[] {
  const source = readFileSync(path, 'utf8')
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!)
}

const APP_LAYERS = ['/app/', '/editor/', '/preview/', '/worker/', '/cli/']

/**
 * The floors, lowest first: each folder of src/ may import only the folders named here (and
 * itself). The compiler depends on the tree's vocabulary (mdast/) and TeX (math/), never on the
 * parser; storage sits below the worker and the preview; the app composes everything.
 * The entry files (index.ts, convert.ts, node.ts) and tooling (bench/, build/) stand outside the floors.
 */
const FLOORS: Record<string, readonly string[]> = {
  util: [],
  mdast: ['util'],
  math: ['util'],
  model: ['util'],
  markdown: ['util', 'mdast', 'math'],
  docx: ['util', 'mdast', 'math'],
  citations: ['util', 'mdast'],
  diagrams: ['util', 'mdast', 'docx'],
  import: ['util', 'mdast', 'model'],
  storage: ['util', 'model'],
  editor: ['util', 'model', 'mdast', 'markdown'],
  worker: ['util', 'model', 'storage', 'mdast', 'math', 'markdown', 'docx', 'diagrams', 'import', 'convert.ts', 'citations'],
  preview: ['util', 'model', 'storage', 'mdast', 'math', 'markdown', 'diagrams'],
  app: ['util', 'model', 'storage', 'mdast', 'math', 'markdown', 'docx', 'diagrams', 'import', 'editor', 'worker', 'preview', 'citations'],
  cli: ['util', 'mdast', 'math', 'markdown', 'docx', 'diagrams', 'import', 'convert.ts', 'citations'],
}

describe('layering', () => {
  for (const layer of ['markdown', 'docx', 'import']) {
    it(`src/${layer} imports no UI, no Node and no app layer`, () => {
      const offenders: string[] = []
      for (const file of files(join(SRC, layer))) {
        for (const specifier of imports(file)) {
          // Relative imports are resolved, so src/markdown/preview/ (part of the parser layer) is not taken for src/preview/.
          const target = specifier.startsWith('.') ? `/${relative(SRC, join(dirname(file), specifier)).split(sep).join('/')}/` : ''
          const bad =
            specifier.startsWith('node:') ||
            /^(react|react-dom|@uiw\/|@codemirror\/|codemirror)/.test(specifier) ||
            APP_LAYERS.some((name) => target.startsWith(name))
          if (bad) offenders.push(`${relative(SRC, file)} → ${specifier}`)
        }
      }
      expect(offenders).toEqual([])
    })
  }

  it('every folder of src/ imports only the floors below it', () => {
    const offenders: string[] = []
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory() && name !== 'bench' && name !== 'build')
    // A new folder must take its place among the floors.
    expect(folders.filter((name) => !(name in FLOORS))).toEqual([])
    for (const folder of folders) {
      const allowed = new Set([folder, ...FLOORS[folder]!])
      for (const file of files(join(SRC, folder))) {
        for (const specifier of imports(file)) {
          if (!specifier.startsWith('.')) continue
          const target = relative(SRC, join(dirname(file), specifier)).split(sep)
          const top = target.length > 1 ? target[0]! : target[0]!.replace(/\.js$/, '.ts')
          if (!allowed.has(top)) offenders.push(`${relative(SRC, file)} → ${specifier}`)
        }
      }
    }
    expect(offenders).toEqual([])
  })

  it('only src/cli (and build/bench tooling) imports node:*', () => {
    const offenders = files(SRC)
      .filter((file) => !/[/\\](cli|bench|build)[/\\]/.test(file))
      .flatMap((file) => imports(file).filter((s) => s.startsWith('node:')).map((s) => `${relative(SRC, file)} → ${s}`))
    expect(offenders).toEqual([])
  })

  it('src/docx needs only mdast types, docx, vfile and small unist/micromark utilities', () => {
    const allowed = /^(docx|vfile|mdast|unist|unist-util-[a-z-]+|mdast-util-[a-z-]+|micromark-util-[a-z-]+|decode-named-character-reference|fflate|unified|yaml|github-slugger|temml|mathml2omml|lowlight|highlight\.js.*|hast|hast-util-[a-z-]+)$/
    const offenders = files(join(SRC, 'docx')).flatMap((file) =>
      imports(file)
        .filter((s) => !s.startsWith('.') && !allowed.test(s))
        .map((s) => `${relative(SRC, file)} → ${s}`),
    )
    expect(offenders).toEqual([])
  })
})
