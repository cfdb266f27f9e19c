/**
 * A build-time mend of one function of micromark, for every bundle markdocx makes (the app, its
 * workers, the CLI, and the test suite through Vite).
 *
 * micromark merges the adjacent `data` events of inline text (`resolveAllText`, in
 * micromark/lib/initialize/text.js) with one `Array#splice` per run of them, and each splice
 * shifts every event after it: the pass is quadratic in a paragraph's runs. Runs are made by
 * any character that may start a construct and does not (`&`, `<`, `[`, `*`, `\`…, and every
 * word's first letter once GFM's e-mail autolinks are on) and end at line endings, so one
 * paragraph of 50 000 lines reading `a & b` took 67 s to parse, 20 000 `&amp;&bogus;` on a
 * line 38 s, and a pasted log of 50 000 lines with one e-mail address in it 80 s.
 *
 * The same merge done in one pass, writing each kept event over the array as it goes, gives
 * the same events in the same order (data events always come in enter/exit pairs, so only the
 * first pair of a run is kept, its token's end moved to the run's end) in linear time.
 * micromark exposes no way to replace the text initializer, so the function's source is
 * rewritten as the module loads; when micromark's source no longer has the function as
 * expected the build fails rather than ship without the mend (`linearTextSource`).
 * tests/markdown/micromark-linear-text.test.ts checks the rewrite against the original.
 *
 * Not covered: a program that imports markdocx's library build (dist/lib) uses its own
 * micromark, unmended; and scripts run straight from src/ with tsx.
 */
import { readFile } from 'node:fs/promises'
import type { Plugin as EsbuildPlugin } from 'esbuild'
import type { Plugin as VitePlugin } from 'vite'

/** micromark's text initializer, in its production (lib/) and development (dev/lib/) builds. */
export const MICROMARK_TEXT_FILE = /[\\/]micromark[\\/](?:dev[\\/])?lib[\\/]initialize[\\/]text\.js$/

/**
 * The function as micromark writes it (both builds): from its head to its return statement,
 * whatever lies between (the dev build names `types.data`, the production build `"data"`).
 */
const ORIGINAL = /function resolveAllText\(events, context\) \{[\s\S]*?events\.splice\(enter \+ 2, index - enter - 2\)[\s\S]*?return extraResolver \? extraResolver\(events, context\) : events;?\n\s*\}/

const LINEAR = `function resolveAllText(events, context) {
    // markdocx: adjacent data events merged in one pass (src/build/micromark-linear-text.ts).
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

/** micromark's text initializer with `resolveAllText` made linear; throws when the source is not as expected. */
export function linearTextSource(source: string, file = 'micromark/lib/initialize/text.js'): string {
  if (!ORIGINAL.test(source)) throw new Error(`${file}: resolveAllText is not as markdocx expects (micromark changed?); see src/build/micromark-linear-text.ts`)
  return source.replace(ORIGINAL, LINEAR)
}

/** The mend as a Vite plugin (the app, its workers, Vitest with micromark inlined). */
export function micromarkLinearTextVite(): VitePlugin {
  return {
    name: 'markdocx-micromark-linear-text',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!
      return MICROMARK_TEXT_FILE.test(file) ? { code: linearTextSource(code, file), map: null } : undefined
    },
  }
}

/** The mend as an esbuild plugin (the CLI bundle). */
export function micromarkLinearTextEsbuild(): EsbuildPlugin {
  return {
    name: 'markdocx-micromark-linear-text',
    setup(build) {
      build.onLoad({ filter: MICROMARK_TEXT_FILE }, async (args) => ({ contents: linearTextSource(await readFile(args.path, 'utf8'), args.path), loader: 'js' }))
    },
  }
}
