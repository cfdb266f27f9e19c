/**
 * Saving the text as a file: back to the file it was opened from (File System Access), as a
 * new file, or as a .zip with the images it uses. Where the browser cannot write files, a download.
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, type RefObject } from 'react'
import { listAssets } from '../../storage/assets.js'
import { updateDocument } from '../../storage/documents.js'
import { saveAs, writeFile, zipBundle } from '../file-access.js'
import { documentBaseName, type OpenDocument } from '../session.js'
import { errorText, type SetStatus } from './use-status.js'

export type SaveMode = 'save' | 'save-as' | 'zip'

export interface SaveFileOptions {
  current: RefObject<OpenDocument | null>
  view: RefObject<EditorView | null>
  setDoc: (doc: OpenDocument) => void
  refreshList: () => void
  storageFailed: (error: unknown) => void
  setStatus: SetStatus
}

export function useSaveFile({ current, view, setDoc, refreshList, storageFailed, setStatus }: SaveFileOptions): (mode: SaveMode) => Promise<void> {
  return useCallback(
    async (mode: SaveMode) => {
      const opened = current.current
      const editor = view.current
      if (!opened || !editor) return
      const text = editor.state.doc.toString()
      const baseName = documentBaseName(opened)
      const markdownName = `${baseName}.md`
      try {
        if (mode === 'zip') {
          const assets = opened.persisted ? await listAssets(opened.id) : []
          const used = assets.filter((asset) => text.includes(asset.path))
          const blob = zipBundle({ markdownName, text, images: used.map((asset) => ({ path: asset.path, bytes: new Uint8Array(asset.bytes) })) })
          const result = await saveAs(blob, `${baseName}.zip`)
          if (result) setStatus({ kind: 'done', text: `Saved ${baseName}.zip with ${used.length} image${used.length === 1 ? '' : 's'}` })
          return
        }
        const blob = new Blob([text], { type: 'text/markdown;charset=utf-8' })
        if (mode === 'save' && opened.fileHandle) {
          await writeFile(opened.fileHandle, blob)
          setStatus({ kind: 'done', text: `Saved to ${opened.fileHandle.name}` })
          return
        }
        const result = await saveAs(blob, markdownName)
        if (result && result !== 'downloaded') {
          await updateDocument(opened.id, { fileHandle: result, name: result.name }).catch(storageFailed)
          setDoc({ ...opened, fileHandle: result, name: result.name })
          refreshList()
          setStatus({ kind: 'done', text: `Saved to ${result.name}` })
        } else if (result === 'downloaded') setStatus({ kind: 'done', text: `Downloaded ${markdownName}` })
      } catch (error) {
        setStatus({ kind: 'failed', text: `Saving failed: ${errorText(error)}` })
      }
    },
    [current, refreshList, setDoc, setStatus, storageFailed, view],
  )
}
