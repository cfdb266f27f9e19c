/**
 * The shown document's images: stored in IndexedDB (pasted, dropped or picked), shown in the
 * preview through object URLs, embedded in the export by the worker (which is told they changed).
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, useEffect, useState, type RefObject } from 'react'
import { readImageInfo } from '../../docx/media/image-format.js'
import { insertImageLink } from '../../editor/commands.js'
import type { AssetUrl } from '../../preview/assets-context.js'
import { listAssets, putAsset } from '../../storage/assets.js'
import type { WorkerClient } from '../../worker/client.js'
import type { OpenDocument } from '../session.js'
import type { SetStatus } from './use-status.js'

export interface AssetsOptions {
  doc: OpenDocument | null
  current: RefObject<OpenDocument | null>
  view: RefObject<EditorView | null>
  client: RefObject<WorkerClient | null>
  requestRender: () => void
  setStatus: SetStatus
  storageFailed: (error: unknown) => void
}

export interface AssetsState {
  /** Object URLs of the stored images, by the path the Markdown uses. */
  assetUrls: ReadonlyMap<string, AssetUrl>
  /** Stores image files and links them at `position` (else at the cursor). Stable. */
  addImages: (files: File[], position?: number) => Promise<void>
}

export function useAssets({ doc, current, view, client, requestRender, setStatus, storageFailed }: AssetsOptions): AssetsState {
  const [assetUrls, setAssetUrls] = useState<ReadonlyMap<string, AssetUrl>>(() => new Map())

  const loadAssets = useCallback(async (id: string) => {
    const assets = await listAssets(id).catch(() => [])
    const urls = new Map<string, AssetUrl>()
    for (const asset of assets) {
      urls.set(asset.path, { url: URL.createObjectURL(new Blob([asset.bytes], { type: asset.type })), ...(asset.width ? { width: asset.width, height: asset.height! } : {}) })
    }
    setAssetUrls((old) => {
      for (const entry of old.values()) URL.revokeObjectURL(entry.url)
      return urls
    })
  }, [])

  const docId = doc?.id
  const persisted = doc?.persisted
  useEffect(() => {
    if (docId && persisted) void loadAssets(docId)
    else setAssetUrls(new Map())
  }, [docId, persisted, loadAssets])

  const addImages = useCallback(
    async (files: File[], position?: number) => {
      const opened = current.current
      const editor = view.current
      if (!opened || !editor) return
      if (!opened.persisted) {
        setStatus({ kind: 'failed', text: 'Images cannot be stored: the browser’s storage is unavailable.' })
        return
      }
      let at = position
      for (const file of files) {
        try {
          const bytes = await file.arrayBuffer()
          const info = readImageInfo(new Uint8Array(bytes))
          const path = await putAsset(opened.id, file.name || `image.${file.type.split('/')[1] ?? 'png'}`, file.type || 'image/png', bytes, info && info.width > 0 ? { width: info.width, height: info.height } : undefined)
          insertImageLink(editor, path, file.name || 'image', at)
          at = editor.state.selection.main.head
        } catch (error) {
          storageFailed(error)
        }
      }
      client.current?.assetsChanged()
      await loadAssets(opened.id)
      requestRender()
    },
    [client, current, loadAssets, requestRender, setStatus, storageFailed, view],
  )

  return { assetUrls, addImages }
}
