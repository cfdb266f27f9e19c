/**
 * markdocx for Node (`import { createNodeImageLoader } from 'markdocx/node'`): the CLI's image
 * loader (paths relative to the Markdown file, http(s) with a timeout), its converter for
 * images Word cannot show (sharp) and its diagram renderer (the system's Chromium), for library
 * users who convert files on disk.
 */
export { createNodeImageLoader, type NodeImageLoaderOptions } from './cli/node-image-loader.js'
export { createNodeTextLoader } from './cli/node-text-loader.js'
export { createSharpImageConverter } from './cli/sharp-image-converter.js'
export { createChromiumDiagramRenderer, type ChromiumDiagramOptions, type ChromiumDiagramRenderer } from './cli/chromium-diagrams.js'
export { findChromium, type ChromiumSearch } from './cli/find-chromium.js'
