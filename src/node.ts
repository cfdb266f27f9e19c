/**
 * markdocx for Node (`import { createNodeImageLoader } from 'markdocx/node'`): the CLI's image
 * loader (paths relative to the Markdown file, http(s) with a timeout) and its converter for
 * images Word cannot show (sharp), for library users who convert files on disk.
 */
export { createNodeImageLoader, type NodeImageLoaderOptions } from './cli/node-image-loader.js'
export { createSharpImageConverter } from './cli/sharp-image-converter.js'
