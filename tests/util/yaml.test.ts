/**
 * YAML's nesting bound (src/util/yaml.ts): real metadata parses as the library parses it; text
 * nested deeper than the bound is refused before the library recurses into it (a second parse
 * of `{[` nested 2 000 deep used to abort the process).
 */
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { MAX_YAML_DEPTH, parseYaml, yamlDepth, YamlTooDeepError } from '../../src/util/yaml.js'

const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('\n')

describe('parseYaml', () => {
  it('parses metadata as the yaml library does', () => {
    const text = [
      'title: "A [bracketed] {title}"',
      "subtitle: 'it''s [not] nested'",
      'author:',
      '  - name: Ada',
      '    affiliation: [Analytical, {engine: "one"}]',
      '  - name: Grace # a comment [',
      'abstract: |',
      '  Text with [brackets',
      '  and {braces',
      'keywords: [a, b, c]',
      '? complex key',
      ': value',
    ].join('\n')
    expect(parseYaml(text)).toEqual(parse(text))
    expect(yamlDepth(text)).toBeLessThan(6)
  })

  it('counts flow brackets outside quotes, block indentation and compact markers', () => {
    expect(yamlDepth('a: [[[1]]]')).toBe(4)
    expect(yamlDepth('a: "[[[["')).toBe(1)
    expect(yamlDepth('a:\n  b:\n    c: 1\nd: 2')).toBe(3)
    expect(yamlDepth('- - - x')).toBe(4)
  })

  it.each([
    ['flow collections 2 000 deep', '{['.repeat(2000)],
    ['block mappings 3 000 deep', lines(3000, (i) => `${' '.repeat(i)}k:`)],
    ['block sequences 3 000 deep', `${lines(3000, (i) => `${' '.repeat(i)}- `)}x`],
    ['compact sequences 3 000 deep', `${'- '.repeat(3000)}x`],
  ])('refuses %s, twice, without overflowing', (_, text) => {
    expect(yamlDepth(text)).toBeGreaterThan(MAX_YAML_DEPTH)
    for (let round = 0; round < 2; round++) expect(() => parseYaml(text)).toThrow(YamlTooDeepError)
  })

  it('takes nesting up to the bound', () => {
    const text = `a: ${'['.repeat(MAX_YAML_DEPTH - 1)}1${']'.repeat(MAX_YAML_DEPTH - 1)}`
    expect(parseYaml(text)).toEqual(parse(text))
  })
})

describe('parseYaml on many keys', () => {
  it('reports a repeated key as the library does, with its line', () => {
    const text = 'a: 1\nb: 2\na: 3\n'
    expect(() => parse(text)).toThrow(/Map keys must be unique/)
    expect(() => parseYaml(text)).toThrow(/Map keys must be unique at line 3, column 1/)
    expect(parseYaml('<<: {a: 1}\n<<: {b: 2}\nc: 3', { merge: true })).toEqual(parse('<<: {a: 1}\n<<: {b: 2}\nc: 3', { merge: true }))
  })

  it('parses 100 000 keys (the library compares each key with all before it: minutes)', () => {
    const text = lines(100_000, (i) => `k${i}: v${i}`)
    const data = parseYaml(text) as Record<string, string>
    expect(Object.keys(data)).toHaveLength(100_000)
    expect(data.k99999).toBe('v99999')
  })
})
