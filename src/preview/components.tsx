/**
 * The few elements the preview renders itself rather than as plain tags: images (stored
 * images through object URLs, sizes reserved so scroll sync does not drift while they load)
 * and task-list checkboxes (read-only); diagrams are in Diagram.tsx. Each is handed its hast
 * node too (`node`, for the diagrams), which these leave out of the DOM.
 */
import type { Element } from 'hast'
import { useContext, type ComponentPropsWithoutRef } from 'react'
import { assetPath } from '../storage/assets.js'
import { AssetUrls } from './assets-context.js'

export function PreviewImage({ src, alt, width, height, node: _node, ...rest }: ComponentPropsWithoutRef<'img'> & { node?: Element }) {
  const assets = useContext(AssetUrls)
  const path = typeof src === 'string' ? assetPath(src) : undefined
  const stored = path === undefined ? undefined : assets.get(path)
  if (typeof src !== 'string' || src === '') {
    return <span className="missing-image" role="img" aria-label={alt ?? 'image'}>{alt || 'image'} (not shown: the address is not allowed)</span>
  }
  if (path !== undefined && !stored) {
    return <span className="missing-image" role="img" aria-label={alt ?? 'image'}>{alt || path} (not found: {path})</span>
  }
  return (
    <img
      {...rest}
      src={stored ? stored.url : src}
      alt={alt ?? ''}
      width={width ?? stored?.width}
      height={height ?? stored?.height}
      loading="lazy"
      decoding="async"
      draggable={false}
      referrerPolicy="no-referrer"
    />
  )
}

export function PreviewCheckbox({ checked, node: _node, ...rest }: ComponentPropsWithoutRef<'input'> & { node?: Element }) {
  // Named for screen readers (and axe's label rule): the item's text follows the box.
  return <input {...rest} type="checkbox" disabled readOnly defaultChecked={checked === true} aria-label={checked === true ? 'Done' : 'Not done'} />
}
