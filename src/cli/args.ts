/**
 * Command-line arguments → options, with every mistake reported in words (exit status 2).
 */
import { PAGE_SIZES, parseLength, type PageSizeName } from '../docx/ooxml/units.js'
import type { DocxOptions, Margins } from '../docx/options.js'

/** The document options the CLI passes through as they are (their meaning is documented on DocxOptions). */
type PassedThrough = Pick<DocxOptions, 'orientation' | 'font' | 'fontSize' | 'codeFont' | 'title' | 'pageNumbers' | 'headerTitle' | 'titlePage' | 'titleBlock' | 'numberSections' | 'wideTables' | 'lang' | 'svg'>

export interface CliOptions extends PassedThrough {
  inputs: string[]
  output?: string
  pageSize?: PageSizeName
  margins?: Partial<Margins> | number
  /** Path of a reference .docx whose styles, theme, page setup and headers are used. */
  referenceDoc?: string
  /** `true`, or the depth given with --toc-depth. */
  toc?: boolean | { depth: number }
  pretty: boolean
  quiet: boolean
  remoteImages: boolean
  /** Draw Mermaid diagrams (with the system's Chromium); false: keep them as code. */
  diagrams: boolean
  /** Seconds to wait for each remote image. */
  imageTimeout: number
  /** Seconds to wait for all images of one input: those not loaded by then become placeholders. */
  imageDeadline: number
  /** Bibliography files (--bibliography, repeatable), read from the working directory. */
  bibliography: string[]
  /** A citation style: a shipped one's name or a .csl file (--csl). */
  csl?: string
  help: boolean
  version: boolean
}

export class UsageError extends Error {}

export const HELP = `Usage: markdocx [options] <input.md|input.docx ...>

Converts Markdown (CommonMark + GFM, front matter, math) into Word .docx files, and
Word .docx files back into Markdown.

  markdocx in.md -o out.docx       one file
  markdocx a.md b.md -o out/       several files into a folder (default: beside each input)
  cat in.md | markdocx - -o -      standard input to standard output
  markdocx in.docx -o out.md       a Word document into Markdown: headings, lists, tables,
                                   notes, equations; comments and tracked changes as
                                   CriticMarkup; pictures into images/ beside out.md
                                   (-o - writes the Markdown alone to standard output)

Options:
  -o, --output PATH         output file, folder (several inputs), or - for stdout
                            (a .docx input, by its name or its bytes, gives .md)
      --page-size SIZE      A4 (default), Letter or Legal
      --orientation O       portrait (default) or landscape
      --margins M           all margins, or top,right,bottom,left; units in, cm, mm, pt
                            or twips (default 1in)
      --font NAME           body font (default Calibri)
      --font-size PT        body font size in points (default 11)
      --code-font NAME      code font (default Consolas)
      --title TEXT          document title (default: front matter title)
      --reference-doc FILE  take styles, theme, page setup, headers and footers from
                            a .docx/.dotx (e.g. one made for pandoc)
      --toc                 table of contents after the title block
      --toc-depth N         heading levels in it, 1-9 (default 3; implies --toc)
      --page-numbers[=page-of-pages]
                            page number in the footer ("3", or "Page 3 of 12"), and
                            the title in the header
      --no-header-title     no title in the header
      --title-page          title block on a page of its own, without header/footer
      --no-title-block      do not write the front matter's title block
  -N, --number-sections     number the headings 1, 1.1, 1.1.1 (a Word list tied to
                            the Heading styles; {-} or {.unnumbered} leaves one out)
      --wide-tables MODE    shrink (default: smaller type) or landscape (own page)
      --lang TAG            document language, e.g. en-GB, de, he (default: front
                            matter lang)
      --bibliography FILE   a bibliography for citations ([@key], @key): BibTeX .bib,
                            CSL-JSON .json or CSL-YAML .yaml; repeatable; besides the
                            front matter's bibliography:
      --csl STYLE           citation style: apa, chicago-author-date (default), ieee,
                            vancouver, or a .csl file
      --svg MODE            raster (default: SVG images as PNG) or vector (the SVG
                            itself with a PNG fallback, for Word 2016 and later)
      --pretty              indent the XML inside the .docx by two blanks
      --no-remote-images    do not download http(s) images: each becomes a placeholder
                            with a message (no network is used)
      --no-diagrams         keep \`\`\`mermaid blocks as code (by default they are
                            drawn with the system's Chromium: CHROMIUM_PATH, or
                            chromium/chrome on the PATH; without one they stay code)
      --image-timeout SEC   seconds to wait for each remote image (default 8); 8 load
                            at once, and a server that leaves 2 in a row unanswered is
                            not waited for again
      --image-deadline SEC  seconds to wait for all images of an input (default 60);
                            those not loaded by then become placeholders
  -q, --quiet               do not print messages about the conversion
  -h, --help                show this help
  -v, --version             show the version

Messages go to stderr as file:line:column: message [rule].
Exit status: 0 converted (even with messages), 1 an input could not be read or
converted (or needed more memory than MARKDOCX_HEAP_MB, by default Node's heap limit),
2 bad usage.`

const VALUE_OPTIONS = new Set(['-o', '--output', '--page-size', '--orientation', '--margins', '--font', '--font-size', '--code-font', '--title', '--image-timeout', '--image-deadline', '--reference-doc', '--toc-depth', '--wide-tables', '--lang', '--svg', '--bibliography', '--csl'])

export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = { inputs: [], pretty: false, quiet: false, remoteImages: true, diagrams: true, imageTimeout: 8, imageDeadline: 60, bibliography: [], help: false, version: false }
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]!
    let value: string | undefined
    if (arg.startsWith('--') && arg.includes('=')) {
      value = arg.slice(arg.indexOf('=') + 1)
      arg = arg.slice(0, arg.indexOf('='))
    }
    if (VALUE_OPTIONS.has(arg) && value === undefined) {
      value = argv[++i]
      if (value === undefined) throw new UsageError(`${arg} needs a value`)
    }
    switch (arg) {
      case '-h':
      case '--help':
        options.help = true
        break
      case '-v':
      case '--version':
        options.version = true
        break
      case '-q':
      case '--quiet':
        options.quiet = true
        break
      case '--pretty':
        options.pretty = true
        break
      case '--no-remote-images':
        options.remoteImages = false
        break
      case '--no-diagrams':
        options.diagrams = false
        break
      case '-o':
      case '--output':
        if (options.output !== undefined) throw new UsageError('-o/--output is given twice')
        options.output = value!
        break
      case '--page-size': {
        const size = Object.keys(PAGE_SIZES).find((name) => name.toLowerCase() === value!.toLowerCase()) as PageSizeName | undefined
        if (!size) throw new UsageError(`--page-size must be one of ${Object.keys(PAGE_SIZES).join(', ')} (got "${value}")`)
        options.pageSize = size
        break
      }
      case '--orientation':
        if (value !== 'portrait' && value !== 'landscape') throw new UsageError(`--orientation must be portrait or landscape (got "${value}")`)
        options.orientation = value
        break
      case '--margins':
        options.margins = parseMargins(value!)
        break
      case '--font':
        options.font = nonEmpty(arg, value!)
        break
      case '--code-font':
        options.codeFont = nonEmpty(arg, value!)
        break
      case '--title':
        options.title = value!
        break
      case '--reference-doc':
        options.referenceDoc = nonEmpty(arg, value!)
        break
      case '--toc':
        if (options.toc === undefined) options.toc = true
        break
      case '--toc-depth': {
        const depth = Number(value)
        if (!Number.isInteger(depth) || depth < 1 || depth > 9) throw new UsageError(`--toc-depth must be a whole number from 1 to 9 (got "${value}")`)
        options.toc = { depth }
        break
      }
      case '--page-numbers':
        if (value !== undefined && value !== 'page' && value !== 'page-of-pages') throw new UsageError(`--page-numbers takes no value, or =page-of-pages (got "${value}")`)
        options.pageNumbers = value === 'page-of-pages' ? 'page-of-pages' : true
        break
      case '--no-header-title':
        options.headerTitle = false
        break
      case '--title-page':
        options.titlePage = true
        break
      case '--no-title-block':
        options.titleBlock = false
        break
      case '-N':
      case '--number-sections':
        options.numberSections = true
        break
      case '--wide-tables':
        if (value !== 'shrink' && value !== 'landscape') throw new UsageError(`--wide-tables must be shrink or landscape (got "${value}")`)
        options.wideTables = value
        break
      case '--bibliography':
        options.bibliography.push(nonEmpty(arg, value!))
        break
      case '--csl':
        options.csl = nonEmpty(arg, value!)
        break
      case '--svg':
        if (value !== 'raster' && value !== 'vector') throw new UsageError(`--svg must be raster or vector (got "${value}")`)
        options.svg = value
        break
      case '--lang':
        if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(value!)) throw new UsageError(`--lang must be a language tag such as en, en-GB or he (got "${value}")`)
        options.lang = value!
        break
      case '--font-size': {
        const size = Number(value)
        if (!Number.isFinite(size) || size < 6 || size > 72) throw new UsageError(`--font-size must be a number of points from 6 to 72 (got "${value}")`)
        options.fontSize = size
        break
      }
      case '--image-timeout': {
        const seconds = Number(value)
        if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--image-timeout must be a positive number of seconds (got "${value}")`)
        options.imageTimeout = seconds
        break
      }
      case '--image-deadline': {
        const seconds = Number(value)
        if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--image-deadline must be a positive number of seconds (got "${value}")`)
        options.imageDeadline = seconds
        break
      }
      default:
        if (arg !== '-' && arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`)
        options.inputs.push(arg)
    }
  }
  return options
}

function nonEmpty(name: string, value: string): string {
  if (value.trim() === '') throw new UsageError(`${name} needs a non-empty value`)
  return value
}

/** `1in` or `top,right,bottom,left` (each a length) → margins in twips. */
export function parseMargins(value: string): Partial<Margins> | number {
  const parts = value.split(',').map((part) => part.trim())
  const lengths = parts.map((part) => parseLength(part))
  if (lengths.some((length) => length === undefined) || (parts.length !== 1 && parts.length !== 4)) {
    throw new UsageError(`--margins must be one length or four (top,right,bottom,left), e.g. 1in or 2cm,2cm,2cm,2.5cm (got "${value}")`)
  }
  const [top, right, bottom, left] = lengths as number[]
  if (parts.length === 1) return top!
  return { top: top!, right: right!, bottom: bottom!, left: left! }
}
