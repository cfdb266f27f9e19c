/**
 * The page's record of what the render worker holds of the text (src/worker/client/text-sync.ts):
 * the whole text first and whenever the worker may not hold the base revision, else the edits
 * since; the text is read only when it is sent whole.
 */
import { describe, expect, it } from 'vitest'
import { TextSyncTracker } from '../../src/worker/client/text-sync.js'

function reader(text: string) {
  const reads: string[] = []
  return { reads, read: () => (reads.push(text), text) }
}

describe('TextSyncTracker', () => {
  it('sends the whole text first, then the edits since the last request, and numbers every request', () => {
    const tracker = new TextSyncTracker()
    const first = reader('one')
    expect(tracker.upcoming).toBe(1)
    expect(tracker.request('d', first.read)).toEqual({ revision: 1, sync: { text: 'one' } })
    tracker.record('d', [[3, 3, ' two']])
    tracker.record('d', [[0, 3, 'One']])
    const second = reader('One two')
    expect(tracker.request('d', second.read)).toEqual({ revision: 2, sync: { after: 1, edits: [[3, 3, ' two'], [0, 3, 'One']] } })
    expect(second.reads).toEqual([])
    expect(tracker.length).toBe(7)
    // Nothing typed since: no edits, still not the whole text.
    expect(tracker.request('d', second.read)).toEqual({ revision: 3, sync: { after: 2, edits: [] } })
    expect(tracker.upcoming).toBe(4)
  })

  it('sends the whole text for another document, after forget(), and for a text given outright', () => {
    const tracker = new TextSyncTracker()
    tracker.request('a', () => 'text of a')
    expect(tracker.request('b', () => 'text of b').sync).toEqual({ text: 'text of b' })
    tracker.forget()
    tracker.record('b', [[0, 0, 'x']])
    expect(tracker.request('b', () => 'xtext of b').sync).toEqual({ text: 'xtext of b' })
    tracker.give('given')
    expect(tracker.length).toBe(5)
    expect(tracker.request('b', () => 'given').sync).toEqual({ text: 'given' })
  })

  it('stops collecting edits past 2000 of them: the whole text is cheaper', () => {
    const tracker = new TextSyncTracker()
    tracker.request('d', () => '')
    for (let i = 0; i < 2000; i++) tracker.record('d', [[i, i, 'a']])
    expect('edits' in tracker.request('d', () => 'a'.repeat(2000)).sync).toBe(true)
    for (let i = 0; i < 2001; i++) tracker.record('d', [[i, i, 'a']])
    expect(tracker.request('d', () => 'a'.repeat(4001)).sync).toEqual({ text: 'a'.repeat(4001) })
  })
  it('reads a change\'s edits only when it keeps them: a paste of megabytes is sent as the whole text, unjoined', () => {
    const tracker = new TextSyncTracker()
    tracker.request('d', () => 'ab')
    let joined = 0
    const change = (inserted: number, length: number, edits: [number, number, string][]) => ({ inserted, length, edits: () => (joined++, edits) })
    tracker.record('d', change(1, 3, [[2, 2, 'c']]))
    expect(joined).toBe(1)
    expect(tracker.sendSize('d')).toBe(1)
    expect(tracker.request('d', () => 'abc').sync).toEqual({ after: 1, edits: [[2, 2, 'c']] })
    tracker.record('d', change(1_200_000, 1_200_003, []))
    expect(joined).toBe(1)
    expect(tracker.length).toBe(1_200_003)
    expect(tracker.sendSize('d')).toBe(1_200_003)
    expect('text' in tracker.request('d', () => 'x').sync).toBe(true)
  })
})
