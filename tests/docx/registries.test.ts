/**
 * The document-wide registries State keeps: numbering, footnotes, bookmarks, relationships.
 */
import { u } from 'unist-builder'
import type { FootnoteDefinition, Heading, List, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { BookmarkRegistry } from '../../src/docx/bookmarks.js'
import { FootnoteRegistry } from '../../src/docx/footnotes.js'
import { NumberingRegistry } from '../../src/docx/numbering.js'
import { RelationshipRegistry } from '../../src/docx/ooxml/relationships.js'

const list = (extra: Partial<List> = {}) => u('list', { ordered: true, spread: false, ...extra }, []) as List

describe('NumberingRegistry', () => {
  it('gives each list one instance (the same list asked twice gets the same), numbered from 1 up', () => {
    const registry = new NumberingRegistry()
    const a = list()
    const b = list()
    expect(registry.list(a, 'ordered', 0)).toEqual({ reference: 'ordered', instance: 1, level: 0 })
    expect(registry.list(a, 'ordered', 0)).toEqual({ reference: 'ordered', instance: 1, level: 0 })
    expect(registry.list(b, 'ordered', 2)).toEqual({ reference: 'ordered', instance: 2, level: 2 })
  })

  it('makes one abstract definition per kind, and one per start number other than 1', () => {
    const registry = new NumberingRegistry()
    registry.list(list(), 'ordered', 0)
    registry.list(list({ start: 5 }), 'ordered', 0)
    registry.list(list({ start: 5 }), 'ordered', 0)
    registry.list(list({ ordered: false }), 'bullet', 0)
    registry.list(list({ ordered: false }), 'task', 0)
    const config = registry.config()
    expect(config.map((c) => c.reference)).toEqual(['ordered', 'ordered-5', 'bullet', 'task'])
    for (const definition of config) expect(definition.levels).toHaveLength(9)
    expect(config[1]!.levels[0]!.start).toBe(5)
  })

  it('clamps start numbers to what Word takes (0 … 999999999)', () => {
    const registry = new NumberingRegistry()
    expect(registry.list(list({ start: -3 }), 'ordered', 0).reference).toBe('ordered-0')
    expect(registry.list(list({ start: 1e12 }), 'ordered', 0).reference).toBe('ordered-999999999')
  })
})

describe('FootnoteRegistry', () => {
  const def = (id: string) => u('footnoteDefinition', { identifier: id, label: id }, [u('paragraph', [u('text', id)])]) as FootnoteDefinition

  function registry(tree: Root): FootnoteRegistry {
    const definitions = new Map<string, FootnoteDefinition>()
    for (const node of tree.children) if (node.type === 'footnoteDefinition') definitions.set(node.identifier.toUpperCase(), node)
    return new FootnoteRegistry(definitions, tree)
  }

  it('numbers notes by first reference in the body, not inside other notes', () => {
    const tree = u('root', [
      u('paragraph', [u('footnoteReference', { identifier: 'b' }), u('footnoteReference', { identifier: 'a' })]),
      u('footnoteDefinition', { identifier: 'a', label: 'a' }, [u('paragraph', [u('footnoteReference', { identifier: 'c' })])]),
      def('b'),
      def('c'),
    ]) as Root
    const notes = registry(tree)
    expect(notes.bodyNumber('b')).toBe(1)
    expect(notes.bodyNumber('A')).toBe(2)
    expect(notes.bodyNumber('c')).toBeUndefined()
  })

  it('creates a note at the first reference; repeats point at it through its bookmark', () => {
    const tree = u('root', [u('paragraph', [u('footnoteReference', { identifier: 'x' })]), def('x'), def('y')]) as Root
    const notes = registry(tree)
    const first = notes.refer('x')!
    const again = notes.refer('X')!
    expect(first).toMatchObject({ id: 1, number: 1, first: true, bookmark: '_RefFootnote1' })
    expect(again).toMatchObject({ id: 1, first: false, bookmark: '_RefFootnote1' })
    expect(notes.refer('nope')).toBeUndefined()
    expect(notes.unused().map((d) => d.identifier)).toEqual(['y'])
  })

  it('gives docx the note bodies by id, separators (0, -1) left to the library', () => {
    const notes = registry(u('root', [def('x')]) as Root)
    const use = notes.refer('x')!
    notes.setBody(use.id, [])
    expect(Object.keys(notes.notes())).toEqual(['1'])
  })
})

describe('BookmarkRegistry', () => {
  const heading = (text: string) => u('heading', { depth: 2 }, [u('text', text)]) as Heading

  it('names headings by slug, unique case-insensitively, and finds them from #fragments (encoded or not)', () => {
    const [a, b, c] = [heading('A'), heading('B'), heading('C')]
    const registry = new BookmarkRegistry(
      new Map([
        [a, 'intro'],
        [b, 'Intro'],
        [c, 'café'],
      ]),
    )
    expect(registry.headingName(a)).toBe('intro')
    expect(registry.headingName(b)).toBe('Intro_1')
    expect(registry.anchor('intro')).toBe('intro')
    expect(registry.anchor('caf%C3%A9')).toBe('café')
    expect(registry.anchor('%E0%A4%A')).toBeUndefined()
    expect(registry.anchor('missing')).toBeUndefined()
  })

  it('keeps hidden bookmark names apart from heading names', () => {
    const h = heading('x')
    const registry = new BookmarkRegistry(new Map([[h, '_note']]))
    expect(registry.hiddenName('note')).not.toBe(registry.headingName(h))
  })
})

describe('RelationshipRegistry', () => {
  it('numbers external targets per document and part, one id per distinct URL', () => {
    const registry = new RelationshipRegistry()
    expect(registry.external('https://a', 'document')).toBe('Link1')
    expect(registry.external('https://b', 'document')).toBe('Link2')
    expect(registry.external('https://a', 'document')).toBe('Link1')
    expect(registry.external('https://a', 'footnotes')).toBe('Link3')
    expect(registry.all().map((r) => [r.id, r.part])).toEqual([
      ['Link1', 'document'],
      ['Link2', 'document'],
      ['Link3', 'footnotes'],
    ])
  })
})
