/**
 * markdocx — the library. Explicit named exports only; `tests/api-exports.test.ts` holds
 * this list, so nothing joins or leaves the public API by accident.
 */
export { markdownToDocx, treeToDocx, type ConvertOptions, type ConvertResult } from './convert.js'
export { toDocx, compile, type ToDocxResult } from './docx/to-docx.js'
export { default, default as remarkDocx, type RemarkDocxOptions } from './docx/plugin.js'
export { packDocx, convertOutput, readPart, DOCX_MIME, type OutputFormat, type OutputTypes, type PackOptions } from './docx/pack.js'
export { resolveImages, checkImage, decodeDataUrl, imageUrls, type ImageLoader, type ImageConverter, type ImageResult, type ResolvedImages, type ResolveImagesOptions, type LoadedImage, type FailedImage } from './docx/images.js'
export { readImageInfo, type ImageInfo, type ImageFormat } from './docx/image-format.js'
export { defaultHandlers, type Handler, type Handlers, type Output } from './docx/handlers/index.js'
export { createState, type State } from './docx/state.js'
export type { Context, RunFormat } from './docx/context.js'
export type { DocxOptions, Margins } from './docx/options.js'
export { PAGE_SIZES, parseLength, type PageSizeName } from './docx/units.js'
export { parseMarkdown, type ParseResult } from './markdown/parse.js'
export { createMarkdownProcessor } from './markdown/processor.js'
export { latexToMathml, type LatexToMathmlResult, type LatexToMathmlOptions } from './markdown/math.js'
export { highlightTokens, highlightCss, type Token, type TokenType } from './markdown/highlight.js'
export { readFrontMatter, type DocumentMetadata } from './markdown/front-matter.js'
export { headingSlugs } from './markdown/slugs.js'
export { safeUrl } from './markdown/safe-url.js'
export { messagesOf, formatMessage, type Message, type MessageSeverity } from './markdown/messages.js'
