import { VFile } from 'vfile'
import { describe, expect, it } from 'vitest'
import { MAX_MESSAGES_PER_RULE, formatMessage, messagesOf } from '../../src/markdown/messages.js'

describe('messagesOf', () => {
  it('keeps position, rule and severity', () => {
    const file = new VFile()
    file.message('odd', { place: { start: { line: 2, column: 3 }, end: { line: 2, column: 9 } }, ruleId: 'x' })
    file.info('fyi', { ruleId: 'y' })
    expect(messagesOf(file)).toEqual([
      { reason: 'odd', ruleId: 'x', severity: 'warning', line: 2, column: 3, endLine: 2, endColumn: 9 },
      { reason: 'fyi', ruleId: 'y', severity: 'info' },
    ])
  })

  it('reports at most MAX_MESSAGES_PER_RULE of one rule and counts the rest', () => {
    const file = new VFile()
    for (let line = 1; line <= 100_000; line++) file.message('unpaired', { place: { line, column: 1 }, ruleId: 'critic-unpaired' })
    file.message('other', { place: { line: 7, column: 1 }, ruleId: 'other' })
    const messages = messagesOf(file)
    expect(messages).toHaveLength(MAX_MESSAGES_PER_RULE + 2)
    expect(messages.filter((m) => m.ruleId === 'critic-unpaired' && m.line !== undefined)).toHaveLength(MAX_MESSAGES_PER_RULE)
    expect(messages.at(-1)).toEqual({ reason: '99,900 more messages like this one are not listed', ruleId: 'critic-unpaired', severity: 'warning' })
    expect(formatMessage(messages.at(-1)!, 'a.md')).toBe('a.md: 99,900 more messages like this one are not listed [critic-unpaired]')
  })
})
