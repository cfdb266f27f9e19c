/**
 * The shell's pieces that need no browser layout: the palette's search, key matching and the
 * names keys are shown by, and what Page setup reads from the front matter (the same rules as
 * the export).
 */
import { describe, expect, it } from 'vitest'
import { searchCommands, type AppCommand } from '../../src/app/commands.js'
import { frontMatterFeatures, frontMatterYaml } from '../../src/app/front-matter-settings.js'
import { pageRule } from '../../src/app/hooks/use-print.js'
import { ariaShortcut, matchesKey, readableShortcut } from '../../src/app/keys.js'
import { DEFAULT_EXPORT_SETTINGS } from '../../src/model/export-settings.js'

const command = (id: string, label: string, group: AppCommand['group'] = 'File', keywords?: string): AppCommand => ({ id, label, group, run: () => {}, ...(keywords ? { keywords } : {}) })

describe('command search', () => {
  const commands = [command('save', 'Save'), command('save-as', 'Save as…'), command('page-setup', 'Page setup…', 'Document', 'margins paper'), command('print', 'Print / save as PDF'), command('bold', 'Bold', 'Format')]

  it('finds by words of the label, group or keywords, label starts first', () => {
    expect(searchCommands(commands, '').map((found) => found.id)).toEqual(['save', 'save-as', 'page-setup', 'print', 'bold'])
    expect(searchCommands(commands, 'save').map((found) => found.id)).toEqual(['save', 'save-as', 'print'])
    expect(searchCommands(commands, 'pdf').map((found) => found.id)).toEqual(['print'])
    expect(searchCommands(commands, 'margins').map((found) => found.id)).toEqual(['page-setup'])
    expect(searchCommands(commands, 'page set').map((found) => found.id)).toEqual(['page-setup'])
    expect(searchCommands(commands, 'format').map((found) => found.id)).toEqual(['bold'])
    expect(searchCommands(commands, 'nothing like it')).toEqual([])
    // Regular-expression characters are text.
    expect(searchCommands(commands, '.*').map((found) => found.id)).toEqual([])
  })
})

describe('keys', () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init)

  it('matches modifiers exactly, letters regardless of case, punctuation regardless of Shift', () => {
    expect(matchesKey(key({ key: 'P', ctrlKey: true, shiftKey: true }), 'Mod-Shift-p')).toBe(true)
    expect(matchesKey(key({ key: 'p', ctrlKey: true }), 'Mod-Shift-p')).toBe(false)
    expect(matchesKey(key({ key: 'p', ctrlKey: true, altKey: true, shiftKey: true }), 'Mod-Shift-p')).toBe(false)
    expect(matchesKey(key({ key: '?', shiftKey: true }), '?')).toBe(true)
    expect(matchesKey(key({ key: '/', ctrlKey: true }), 'Mod-/')).toBe(true)
    expect(matchesKey(key({ key: 'F1' }), 'F1')).toBe(true)
    expect(matchesKey(key({ key: 'F1', shiftKey: true }), 'F1')).toBe(false)
    // AltGr on Windows reports Ctrl+Alt and the character it makes: € is no Ctrl+Alt+E.
    expect(matchesKey(key({ key: '€', ctrlKey: true, altKey: true }), 'Mod-Alt-e')).toBe(false)
  })

  it('names keys for aria-keyshortcuts and for people', () => {
    expect(ariaShortcut('Mod-Shift-p')).toBe('Control+Shift+P')
    expect(readableShortcut('Mod-Alt-b')).toBe('Ctrl+Alt+B')
    expect(readableShortcut('Mod-/')).toBe('Ctrl+/')
    expect(readableShortcut('?')).toBe('?')
  })
})

describe('front matter as Page setup reads it', () => {
  it('reads the features the export would take from it', () => {
    expect(frontMatterFeatures('---\ntitle: A\ntoc: true\n---\n\n# A\n')).toEqual({ toc: true, titlePage: false, pageNumbers: 'none', wideTables: 'shrink' })
    expect(frontMatterFeatures('---\ntoc: 2\npage-numbers: page-of-pages\ntitle-page: true\nwide-tables: landscape\n...\ntext')).toEqual({ toc: true, titlePage: true, pageNumbers: 'page-of-pages', wideTables: 'landscape' })
    expect(frontMatterFeatures('---\ntoc: false\npage-numbers: true\n---\n').pageNumbers).toBe('page')
  })

  it('reads nothing from text without a leading block, unclosed or not YAML', () => {
    expect(frontMatterYaml('# Title\n\n---\ntoc: true\n---\n')).toBeUndefined()
    expect(frontMatterYaml('---\ntoc: true\n')).toBeUndefined()
    expect(frontMatterFeatures('---\n: [ not yaml\n---\n')).toEqual({ toc: false, titlePage: false, pageNumbers: 'none', wideTables: 'shrink' })
    expect(frontMatterFeatures('---\n- a list\n---\n').toc).toBe(false)
  })
})

describe('the printed page', () => {
  it('takes paper size, orientation and margins from Page setup', () => {
    expect(pageRule(DEFAULT_EXPORT_SETTINGS)).toBe('@page { size: A4 portrait; margin: 25.4mm 25.4mm 25.4mm 25.4mm; }')
    expect(pageRule({ ...DEFAULT_EXPORT_SETTINGS, pageSize: 'Letter', orientation: 'landscape', margins: { top: 10, right: 20, bottom: 30, left: Number.NaN } })).toBe('@page { size: letter landscape; margin: 10mm 20mm 30mm 0mm; }')
  })
})
