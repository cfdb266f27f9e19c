import { describe, expect, it } from 'vitest'
import { directionalSegments, textDirection } from '../../src/docx/text/rtl.js'

describe('right-to-left text', () => {
  it('finds the direction of the first letter', () => {
    expect(textDirection('שלום עולם')).toBe('rtl')
    expect(textDirection('مرحبا بالعالم and a few words')).toBe('rtl')
    expect(textDirection('Hello שלום world')).toBe('ltr')
    expect(textDirection('1234 — !?')).toBeUndefined()
    expect(textDirection('')).toBeUndefined()
  })

  it('cuts mixed text into runs of one direction, punctuation with the run before', () => {
    expect(directionalSegments('Hello שלום, world')).toEqual([
      { text: 'Hello ', rtl: false },
      { text: 'שלום, ', rtl: true },
      { text: 'world', rtl: false },
    ])
    expect(directionalSegments('plain text only')).toEqual([{ text: 'plain text only', rtl: false }])
  })

  it('sees every right-to-left letter, outside the Basic Multilingual Plane too', () => {
    // Adlam (U+1E900…), Hanifi Rohingya (U+10D00…), Yezidi (U+10E80…) go through the quick
    // pre-check on their surrogates; every code point of the scripts must still be found.
    const rtlLetter = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}]/u
    const missed: string[] = []
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue
      const char = String.fromCodePoint(code)
      if (rtlLetter.test(char) && /\p{L}/u.test(char) && textDirection(char) !== 'rtl') missed.push(code.toString(16))
    }
    expect(missed).toEqual([])
    expect(directionalSegments('a 𞤀𞤁 b')).toEqual([
      { text: 'a ', rtl: false },
      { text: '𞤀𞤁 ', rtl: true },
      { text: 'b', rtl: false },
    ])
  })
})

describe('paragraph direction from the first strong character (Unicode P2/P3)', () => {
  it('follows the first letter or directional mark, not the majority', () => {
    expect(textDirection('Urdu - اردو')).toBe('ltr')
    expect(textDirection('اردو - Urdu and some more English words')).toBe('rtl')
    expect(textDirection('123 — שלום world')).toBe('rtl')
    expect(textDirection('\u200F(note) English')).toBe('rtl')
    expect(textDirection('\u200Eשלום')).toBe('ltr')
    expect(textDirection('42 — !')).toBeUndefined()
  })
})
