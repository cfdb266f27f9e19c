import type { Image } from 'mdast'
import { picture } from '../media/picture.js'
import type { Handler } from './types.js'

export const image: Handler<Image> = (state, node, context) => picture(state, node, node.url, node.alt ?? '', node.title ?? undefined, context)
