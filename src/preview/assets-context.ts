/**
 * Object URLs of the current document's stored images, by the path the Markdown uses, so the
 * preview shows `![](images/x.png)` from IndexedDB.
 */
import { createContext } from 'react'

export interface AssetUrl {
  url: string
  width?: number
  height?: number
}

export const AssetUrls = createContext<ReadonlyMap<string, AssetUrl>>(new Map())
