/**
 * Build-time mends of micromark, for every bundle markdocx makes (the app, its workers, the CLI,
 * and the test suite through Vite): three of its passes are quadratic in a paragraph's or a
 * container's length, and hostile documents took minutes.
 *
 * - **Text** (`resolveAllText`, micromark/lib/initialize/text.js): adjacent `data` events of
 *   inline text are merged with one `Array#splice` per run, each shifting every event after it.
 *   Runs are made by any character that may start a construct and does not (`&`, `<`, `[`, `*`,
 *   `\`…, and every word's first letter once GFM's e-mail autolinks are on) and end at line
 *   endings: a paragraph of 50 000 lines reading `a & b` took 67 s, 20 000 `&amp;&bogus;` on a
 *   line 38 s. The same merge is done in one pass, writing each kept event over the array.
 * - **Lazy lines** (`writeToChild`, micromark/lib/initialize/document.js): each lazy
 *   continuation line (`> a` then `b`) scans the quote's flow events backwards for one still open,
 *   which is usually the paragraph's, opened at its first line: 20 000 lazy lines took 18 s. The
 *   event the last scan stopped at is looked at first; when it is still in place and still
 *   open, the scan would stop too (it only asks whether such an event exists).
 * - **Container exits** (document.js, twice): closing quotes or list items moves their exit
 *   events back before the flow's end through an EditMap, which copies the document's whole
 *   event list each time: a quote of nested lists changing on every line took minutes. The
 *   same move is done on the list's tail alone.
 *
 * Each mend gives the same events in the same order (tests/build/micromark-mends.test.ts runs
 * the rewritten functions against the originals, and the suite parses through them). micromark
 * exposes no way to replace these parts, so their source is rewritten as the module loads;
 * when micromark's source no longer has a mended part as expected, the build fails rather than
 * ship without the mend.
 *
 * Not covered: a program that imports markdocx's library build (dist/lib) uses its own
 * micromark, unmended; and scripts run straight from src/ with tsx.
 */
import { readFile } from 'node:fs/promises'
import type { Plugin as EsbuildPlugin } from 'esbuild'
import type { Plugin as VitePlugin } from 'vite'

interface Mend {
  /** micromark's module, in its production (lib/) and development (dev/lib/) builds. */
  file: RegExp
  /** What is replaced (both builds' spelling), and how often it must occur. */
  original: RegExp
  count: number
  replacement: string
  /** Prepended to the module (imports) and appended (helpers), once. */
  head?: string
  tail?: string
}

const TEXT_FILE = /[\\/]micromark[\\/](?:dev[\\/])?lib[\\/]initialize[\\/]text\.js$/
const DOCUMENT_FILE = /[\\/]micromark[\\/](?:dev[\\/])?lib[\\/]initialize[\\/]document\.js$/
/** Every module a mend touches (also esbuild's load filter, which takes one plain pattern). */
const MENDED_FILE = /[\\/]micromark[\\/](?:dev[\\/])?lib[\\/]initialize[\\/](?:text|document)\.js$/

const LINEAR_TEXT = `function resolveAllText(events, context) {
    // markdocx: adjacent data events merged in one pass (src/build/micromark-mends.ts).
    let write = 0;
    let read = 0;
    const length = events.length;
    while (read < length) {
      const event = events[read];
      if (event[1].type === 'data') {
        let end = read + 2;
        while (end < length && events[end][1].type === 'data') end += 2;
        if (end - read > 2) event[1].end = events[end - 1][1].end;
        events[write++] = event;
        events[write++] = events[read + 1];
        read = end;
      } else {
        events[write++] = event;
        read++;
      }
    }
    events.length = write;
    return extraResolver ? extraResolver(events, context) : events;
  }`

const LAZY_SCAN = `if (self.parser.lazy[token.start.line]) {
      // markdocx: the event the last scan stopped at first (src/build/micromark-mends.ts).
      if (markdocxStillOpen(childFlow, lineStartOffset)) return;
      let index = childFlow.events.length;
      while (index--) {
        if (childFlow.events[index][1].start.offset < lineStartOffset && (!childFlow.events[index][1].end || childFlow.events[index][1].end.offset > lineStartOffset)) {
          childFlow._markdocxOpen = [index, childFlow.events[index]];
          return;
        }
      }`

const MENDS: readonly Mend[] = [
  {
    file: TEXT_FILE,
    original: /function resolveAllText\(events, context\) \{[\s\S]*?events\.splice\(enter \+ 2, index - enter - 2\)[\s\S]*?return extraResolver \? extraResolver\(events, context\) : events;?\n\s*\}/g,
    count: 1,
    replacement: LINEAR_TEXT,
  },
  {
    file: DOCUMENT_FILE,
    original: /if \(self\.parser\.lazy\[token\.start\.line\]\) \{\s*let index = childFlow\.events\.length;?\s*while \(index--\) \{[\s\S]*?part of something\.\s*return;?\s*\}\s*\}/g,
    count: 1,
    replacement: LAZY_SCAN,
    tail: `
/** markdocx: whether the event a lazy line's scan last stopped at is still in place and still open at \`offset\`. */
function markdocxStillOpen(flow, offset) {
  const hint = flow._markdocxOpen;
  if (!hint || flow.events[hint[0]] !== hint[1]) return false;
  const token = hint[1][1];
  return token.start.offset < offset && (!token.end || token.end.offset > offset);
}
`,
  },
  {
    file: DOCUMENT_FILE,
    original: /const editMap = new EditMap\(\);?\s*\/\/ Inject the exits earlier[^\n]*\n\s*editMap\.add\(indexBeforeFlow \+ 1, 0, self\.events\.slice\(indexBeforeExits\)\);?\s*\/\/ Discard the duplicate exits\.\s*editMap\.add\(indexBeforeExits, index - indexBeforeExits, \[\]\);?\s*editMap\.consume\(self\.events\);?/g,
    count: 2,
    replacement: 'markdocxMoveExits(self.events, indexBeforeFlow, indexBeforeExits);',
    head: `import { splice as markdocxSplice } from 'micromark-util-chunked';\n`,
    tail: `
/** markdocx: the exits at the end of \`events\` moved to just after the flow's end, touching only the tail. */
function markdocxMoveExits(events, indexBeforeFlow, indexBeforeExits) {
  const exits = events.slice(indexBeforeExits);
  events.length = indexBeforeExits;
  markdocxSplice(events, indexBeforeFlow + 1, 0, exits);
}
`,
  },
]

/** Whether a module is one of those mended. */
export function isMendedFile(file: string): boolean {
  return MENDED_FILE.test(file)
}

/** A micromark module's source with its mends applied; throws when a mended part is not as expected. */
export function mendMicromark(source: string, file: string): string {
  let out = source
  let head = ''
  let tail = ''
  for (const mend of MENDS) {
    if (!mend.file.test(file)) continue
    const found = out.match(mend.original)?.length ?? 0
    if (found !== mend.count) throw new Error(`${file}: found ${found} of the ${mend.count} parts markdocx mends (micromark changed?); see src/build/micromark-mends.ts`)
    out = out.replace(mend.original, mend.replacement)
    head += mend.head ?? ''
    tail += mend.tail ?? ''
  }
  return head + out + tail
}

/** The mends as a Vite plugin (the app, its workers, Vitest with micromark inlined). */
export function micromarkMendsVite(): VitePlugin {
  return {
    name: 'markdocx-micromark-mends',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!
      return isMendedFile(file) ? { code: mendMicromark(code, file), map: null } : undefined
    },
  }
}

/** The mends as an esbuild plugin (the CLI bundle). */
export function micromarkMendsEsbuild(): EsbuildPlugin {
  return {
    name: 'markdocx-micromark-mends',
    setup(build) {
      build.onLoad({ filter: MENDED_FILE }, async (args) => ({ contents: mendMicromark(await readFile(args.path, 'utf8'), args.path), loader: 'js' }))
    },
  }
}
