/**
 * The markdocx app: documents, the editor, the live preview, messages and export.
 *
 * The editor owns the text (uncontrolled); every change is journaled to IndexedDB at once and
 * handed to the worker client as an edit (the worker keeps its own copy of the text). The
 * preview's blocks live in a store the worker's patches update (src/preview/store.ts); the
 * app's state holds only what the rest of the page shows (outline, counts, title).
 */
import type { EditorView, ViewUpdate } from '@codemirror/view'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { readImageInfo } from '../docx/media/image-format.js'
import { goToLine, scrollToLine, topLine } from '../editor/scroll.js'
import { insertImageLink } from '../editor/commands.js'
import { showMessages } from '../editor/diagnostics.js'
import { editsOf } from '../editor/edits.js'
import { Editor } from '../editor/Editor.js'
import type { Message } from '../markdown/messages.js'
import type { OutlineEntry } from '../markdown/preview-hast.js'
import { AssetUrls, type AssetUrl } from '../preview/assets-context.js'
import { Preview, type PreviewHandle } from '../preview/Preview.js'
import { lineForPreviewTop, previewTopForLine } from '../preview/scroll-sync.js'
import { PreviewStore } from '../preview/store.js'
import { renderBudgetFromQuery } from '../worker/budget.js'
import { WorkerClient } from '../worker/client.js'
import { AUTO_CHECK_LIMIT } from '../worker/limits.js'
import type { RenderReply } from '../worker/protocol.js'
import type { ExportSettings } from '../model/export-settings.js'
import { DocumentList } from './DocumentList.js'
import { DocumentName } from './DocumentName.js'
import { DOCX_TYPE, downloadBlob } from './download.js'
import { ExportDialog } from './ExportDialog.js'
import { forkDocument } from './fork.js'
import { hasFileSystemAccess, pickMarkdownFiles, saveAs, unzipBundle, writeFile, zipBundle } from './file-access.js'
import { MessagesPanel } from './MessagesPanel.js'
import { Outline } from './Outline.js'
import { pageStyle } from './page-style.js'
import { createAndOpen, memoryDocument, openById, SAMPLE_NAME, SAMPLE_TEXT, startDocument, type OpenDocument } from './session.js'
import { listAssets, putAsset } from '../storage/assets.js'
import { describeStorageError } from '../storage/db.js'
import { lockDocument, type DocumentLock } from './document-lock.js'
import { deleteDocument, listDocuments, setSetting, getSetting, updateDocument, type DocumentSummary } from '../storage/documents.js'
import { Journal } from '../storage/journal.js'
import { Toolbar } from './Toolbar.js'
import { usePrefersDark } from './use-dark.js'
import { isMarkdownName, MARKDOWN_ACCEPT, withoutMarkdownExtension } from '../model/markdown-files.js'

interface PreviewState {
  outline: OutlineEntry[]
  words: number
  characters: number
  title?: string
  toc?: number
  timings?: RenderReply['timings']
}

type Status = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'done'; text: string } | { kind: 'failed'; text: string }

const EMPTY_PREVIEW: PreviewState = { outline: [], words: 0, characters: 0 }

/** Whether two outlines list the same headings at the same lines (then the old array is kept, and the outline not re-rendered). */
function sameOutline(a: readonly OutlineEntry[], b: readonly OutlineEntry[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (x.line !== y.line || x.depth !== y.depth || x.slug !== y.slug || x.text !== y.text) return false
  }
  return true
}

export function App() {
  const dark = usePrefersDark()
  const [doc, setDoc] = useState<OpenDocument | null>(null)
  const [documents, setDocuments] = useState<DocumentSummary[]>([])
  const [storageError, setStorageError] = useState<string | null>(null)
  const [renderError, setRenderError] = useState<string | null>(null)
  /** The budget (ms) the last render overran; the preview shows the render before it. */
  const [renderStalled, setRenderStalled] = useState<number | null>(null)
  const [preview, setPreview] = useState<PreviewState>(EMPTY_PREVIEW)
  const [messages, setMessages] = useState<Message[]>([])
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [scrollSync, setScrollSync] = useState(true)
  const [dialog, setDialog] = useState(false)
  const [assetUrls, setAssetUrls] = useState<ReadonlyMap<string, AssetUrl>>(new Map())
  const [saved, setSaved] = useState(true)
  const [large, setLarge] = useState(false)

  const store = useRef(new PreviewStore()).current
  const previewHandle = useRef<PreviewHandle>(null)
  /** Which pane the user last moved (typing counts as the editor): the other one follows it. */
  const leader = useRef<'editor' | 'preview'>('editor')
  const view = useRef<EditorView | null>(null)
  const journal = useRef<Journal | null>(null)
  const client = useRef<WorkerClient | null>(null)
  const current = useRef<OpenDocument | null>(null)
  current.current = doc
  const scroller = useRef<HTMLDivElement>(null)
  const previewRef = useRef<HTMLDivElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const imageInput = useRef<HTMLInputElement>(null)
  const syncEnabled = useRef(scrollSync)
  syncEnabled.current = scrollSync
  const expectedScroll = useRef<{ target: 'editor' | 'preview'; top: number } | null>(null)
  const cursorTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const messagesRef = useRef<Message[]>([])

  const storageFailed = useCallback((error: unknown) => setStorageError(describeStorageError(error)), [])
  const refreshList = useCallback(() => {
    listDocuments().then(setDocuments, storageFailed)
  }, [storageFailed])

  // The worker client lives as long as the app.
  useEffect(() => {
    const instance = new WorkerClient({
      onRender(reply) {
        store.apply(reply.patch, reply.hast)
        setRenderError(null)
        setRenderStalled(null)
        setPreview((previous) => {
          const outline = reply.outline && !sameOutline(previous.outline, reply.outline) ? reply.outline : previous.outline
          return { outline, words: reply.words, characters: reply.characters, ...(reply.title ? { title: reply.title } : {}), ...(reply.toc ? { toc: reply.toc } : {}), timings: reply.timings }
        })
      },
      onMessages(reply) {
        messagesRef.current = reply.messages
        setMessages(reply.messages)
        if (view.current) showMessages(view.current, reply.messages)
      },
      onRenderError: setRenderError,
      onRenderTimeout: setRenderStalled,
    }, { renderBudget: renderBudgetFromQuery(window.location.search) })
    client.current = instance
    return () => {
      instance.dispose()
      client.current = null
    }
  }, [store])

  const lock = useRef<DocumentLock | null>(null)
  /** The document the editor view shows (the view of the previous one lingers until React swaps it). */
  const viewFor = useRef<string | null>(null)
  const [elsewhere, setElsewhere] = useState(false)
  const elsewhereRef = useRef(false)
  elsewhereRef.current = elsewhere
  /** Set when this tab's edits went into a copy: the name of the document another tab holds. */
  const [forkedFrom, setForkedFrom] = useState<string | null>(null)
  const forking = useRef(false)
  /** The editor is remounted for another document, not when this tab's edits move into a copy. */
  const [editorKey, setEditorKey] = useState('')

  /** Shows a document: a fresh journal, a fresh preview, its images. */
  const show = useCallback(
    (next: OpenDocument) => {
      journal.current?.close()
      journal.current = null
      lock.current?.release()
      lock.current = null
      setElsewhere(false)
      elsewhereRef.current = false
      setForkedFrom(null)
      forking.current = false
      setEditorKey(next.id)
      if (next.persisted) {
        // Journal only once this tab holds the document; changes made before then are in the editor and the first entry's snapshot.
        void lockDocument(next.id).then((taken) => {
          if (current.current?.id !== next.id) return taken.release()
          lock.current = taken
          if (!taken.held) {
            elsewhereRef.current = true
            setElsewhere(true)
            return
          }
          const opened = new Journal(next.id, next.seq, storageFailed, () => setSaved(true))
          journal.current = opened
          // Edits made while the lock was being taken: a snapshot carries them.
          const editor = viewFor.current === next.id ? view.current : null
          if (editor && editor.state.doc.toString() !== next.text) {
            const selection = editor.state.selection.main
            opened.record(null, editor.state.doc, { anchor: selection.anchor, head: selection.head })
            opened.snapshot()
          }
        })
      }
      client.current?.reset()
      store.clear()
      setRenderStalled(null)
      setPreview(EMPTY_PREVIEW)
      setMessages([])
      messagesRef.current = []
      setLarge(next.text.length > AUTO_CHECK_LIMIT)
      setDoc(next)
      refreshList()
    },
    [refreshList, storageFailed, store],
  )

  // Start: the last document, or the sample on a first visit; in memory when storage fails.
  // Once per app instance: StrictMode runs this effect twice in development, and a second
  // start on a first visit would create a second sample.
  const starting = useRef<Promise<OpenDocument> | null>(null)
  useEffect(() => {
    let cancelled = false
    starting.current ??= startDocument()
    starting.current.then(
      (start) => {
        if (!cancelled) show(start)
      },
      (error: unknown) => {
        if (cancelled) return
        storageFailed(error)
        show(memoryDocument(SAMPLE_NAME, SAMPLE_TEXT))
      },
    )
    getSetting<boolean>('scroll-sync').then((value) => !cancelled && value === false && setScrollSync(false), () => undefined)
    return () => {
      cancelled = true
    }
  }, [show, storageFailed])

  // Object URLs for the document's stored images.
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
  useEffect(() => {
    if (doc?.persisted) void loadAssets(doc.id)
    else setAssetUrls(new Map())
  }, [doc?.id, doc?.persisted, loadAssets])

  // Flush the journal when the page is hidden or closed.
  useEffect(() => {
    const flush = () => journal.current?.close()
    const onVisibility = () => document.visibilityState === 'hidden' && flush()
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [])

  const requestRender = useCallback(() => {
    const opened = current.current
    const editor = view.current
    if (!opened || !editor) return
    client.current?.render(opened.id, () => (view.current ?? editor).state.doc.toString())
  }, [])

  // ---- scroll sync ----------------------------------------------------------------------
  const syncPreviewToEditor = useCallback(() => {
    const editor = view.current
    const box = scroller.current
    const page = previewHandle.current?.view()
    if (!editor || !box || !page || !syncEnabled.current) return
    // The ends map to the ends, whatever the block geometry says.
    const scrollDOM = editor.scrollDOM
    const top =
      scrollDOM.scrollTop <= 0
        ? 0
        : scrollDOM.scrollTop + scrollDOM.clientHeight >= scrollDOM.scrollHeight - 1
          ? box.scrollHeight - box.clientHeight
          : previewTopForLine(box, page, topLine(editor))
    if (Math.abs(box.scrollTop - top) < 1) return
    box.scrollTop = top
    expectedScroll.current = { target: 'preview', top: box.scrollTop }
  }, [])

  const syncEditorToPreview = useCallback(() => {
    const editor = view.current
    const box = scroller.current
    const page = previewHandle.current?.view()
    if (!editor || !box || !page || !syncEnabled.current) return
    const scrollDOM = editor.scrollDOM
    if (box.scrollTop <= 0) scrollDOM.scrollTop = 0
    else if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) scrollDOM.scrollTop = scrollDOM.scrollHeight - scrollDOM.clientHeight
    else scrollToLine(editor, lineForPreviewTop(box, page, box.scrollTop))
    expectedScroll.current = { target: 'editor', top: scrollDOM.scrollTop }
  }, [])

  const frame = useRef(0)
  const onScroll = useCallback(
    (source: 'editor' | 'preview') => {
      const expected = expectedScroll.current
      const element = source === 'editor' ? view.current?.scrollDOM : scroller.current
      if (expected && expected.target === source && element && Math.abs(element.scrollTop - expected.top) < 2) {
        expectedScroll.current = null
        return
      }
      expectedScroll.current = null
      leader.current = source
      cancelAnimationFrame(frame.current)
      frame.current = requestAnimationFrame(() => (source === 'editor' ? syncPreviewToEditor() : syncEditorToPreview()))
    },
    [syncEditorToPreview, syncPreviewToEditor],
  )

  // After each draw of the preview (an edit rendered, blocks drawn as it scrolled), keep it
  // where the editor is — unless the reader is scrolling the preview itself.
  const onDrawn = useCallback(() => {
    if (leader.current === 'editor') syncPreviewToEditor()
  }, [syncPreviewToEditor])

  // ---- editor ------------------------------------------------------------------------------
  const onReady = useCallback(
    (editor: EditorView | null) => {
      view.current = editor
      viewFor.current = editor ? (current.current?.id ?? null) : null
      if (!editor) return
      editor.scrollDOM.addEventListener('scroll', () => onScroll('editor'), { passive: true })
      showMessages(editor, messagesRef.current)
      requestRender()
    },
    [onScroll, requestRender],
  )

  /**
   * The first edit in a tab whose document another tab holds: the text goes into a copy of the
   * document, which this tab then journals, so neither tab's typing replaces the other's (fork.ts).
   */
  const forkToCopy = useCallback(async () => {
    const opened = current.current
    const editor = view.current
    if (!opened || !editor || forking.current) return
    forking.current = true
    const selection = editor.state.selection.main
    try {
      const copy = await forkDocument(opened, editor.state.doc.toString(), { anchor: selection.anchor, head: selection.head })
      if (current.current?.id !== opened.id) return
      const taken = await lockDocument(copy.id)
      if (current.current?.id !== opened.id) return taken.release()
      lock.current?.release()
      lock.current = taken
      const opened2 = new Journal(copy.id, copy.seq, storageFailed, () => setSaved(true))
      journal.current = opened2
      // What was typed while the copy was being written: a snapshot carries it.
      const now = view.current
      if (now && now.state.doc.toString() !== copy.text) {
        const head = now.state.selection.main
        opened2.record(null, now.state.doc, { anchor: head.anchor, head: head.head })
        opened2.snapshot()
      }
      viewFor.current = copy.id
      elsewhereRef.current = false
      setElsewhere(false)
      setForkedFrom(opened.name)
      // The same editor goes on (editorKey is unchanged): only the document it saves into changes.
      setDoc({ ...copy, text: now?.state.doc.toString() ?? copy.text })
      refreshList()
    } catch (error) {
      forking.current = false
      storageFailed(error)
    }
  }, [refreshList, storageFailed])

  const onUpdate = useCallback(
    (update: ViewUpdate) => {
      const selection = update.state.selection.main
      const cursor = { anchor: selection.anchor, head: selection.head }
      if (update.docChanged) {
        clearTimeout(cursorTimer.current)
        setSaved(false)
        journal.current?.record(update.changes, update.state.doc, cursor)
        if (elsewhereRef.current) void forkToCopy()
        leader.current = 'editor'
        const opened = current.current
        if (opened) client.current?.edit(opened.id, editsOf(update.changes), () => (view.current ?? update.view).state.doc.toString())
      } else if (update.selectionSet) {
        clearTimeout(cursorTimer.current)
        cursorTimer.current = setTimeout(() => journal.current?.record(null, update.state.doc, cursor), 400)
      }
    },
    [forkToCopy, requestRender],
  )

  const jumpToLine = useCallback((line: number) => {
    if (view.current) goToLine(view.current, line)
  }, [])

  const jumpToHeading = useCallback((entry: OutlineEntry) => {
    if (view.current) goToLine(view.current, entry.line)
    const box = scroller.current
    // The heading's block may not be drawn yet (long documents): the preview scrolls to its place and draws it.
    if (previewHandle.current?.revealId(entry.slug) && box) {
      leader.current = 'preview'
      expectedScroll.current = { target: 'preview', top: box.scrollTop }
    }
  }, [])

  // ---- images --------------------------------------------------------------------------------
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
    [loadAssets, requestRender, storageFailed],
  )

  // ---- documents and files --------------------------------------------------------------------
  const openDocument = useCallback(
    async (id: string) => {
      if (id === current.current?.id) return
      try {
        const next = await openById(id)
        if (next) show(next)
      } catch (error) {
        storageFailed(error)
      }
    },
    [show, storageFailed],
  )

  const newDocument = useCallback(
    async (name: string, text: string, images: { path: string; bytes: Uint8Array }[] = [], handle?: FileSystemFileHandle) => {
      try {
        show(await createAndOpen(name, text, images, handle))
      } catch (error) {
        storageFailed(error)
        show(memoryDocument(name, text))
      }
    },
    [show, storageFailed],
  )

  const openFiles = useCallback(
    async (files: { file: File; handle?: FileSystemFileHandle }[]) => {
      const images = files.filter(({ file }) => file.type.startsWith('image/'))
      for (const { file, handle } of files) {
        try {
          if (/\.zip$/i.test(file.name)) {
            const bundle = unzipBundle(new Uint8Array(await file.arrayBuffer()))
            if (!bundle) throw new Error(`${file.name} holds no Markdown file`)
            await newDocument(bundle.markdownName, bundle.text, bundle.images)
          } else if (isMarkdownName(file.name) || file.type.startsWith('text/')) {
            await newDocument(file.name, await file.text(), [], handle)
          }
        } catch (error) {
          setStatus({ kind: 'failed', text: `Could not open ${file.name}: ${error instanceof Error ? error.message : String(error)}` })
        }
      }
      if (images.length > 0) await addImages(images.map(({ file }) => file))
    },
    [addImages, newDocument],
  )

  const onOpenClick = useCallback(async () => {
    if (!hasFileSystemAccess()) {
      fileInput.current?.click()
      return
    }
    try {
      const picked = await pickMarkdownFiles()
      if (picked) await openFiles(picked)
    } catch {
      fileInput.current?.click()
    }
  }, [openFiles])

  const removeDocument = useCallback(
    async (id: string) => {
      const target = documents.find((entry) => entry.id === id)
      if (!window.confirm(`Delete “${target?.name ?? 'this document'}” and its images from this browser? This cannot be undone.`)) return
      try {
        await deleteDocument(id)
        if (id === current.current?.id) {
          const rest = (await listDocuments()).filter((entry) => entry.id !== id)
          if (rest[0]) await openDocument(rest[0].id)
          else await newDocument(SAMPLE_NAME, SAMPLE_TEXT)
        }
        refreshList()
      } catch (error) {
        storageFailed(error)
      }
    },
    [documents, newDocument, openDocument, refreshList, storageFailed],
  )

  const baseName = (opened: OpenDocument) => withoutMarkdownExtension(opened.name) || 'document'

  const save = useCallback(
    async (mode: 'save' | 'save-as' | 'zip') => {
      const opened = current.current
      const editor = view.current
      if (!opened || !editor) return
      const text = editor.state.doc.toString()
      const markdownName = `${baseName(opened)}.md`
      try {
        if (mode === 'zip') {
          const assets = opened.persisted ? await listAssets(opened.id) : []
          const used = assets.filter((asset) => text.includes(asset.path))
          const blob = zipBundle({ markdownName, text, images: used.map((asset) => ({ path: asset.path, bytes: new Uint8Array(asset.bytes) })) })
          const result = await saveAs(blob, `${baseName(opened)}.zip`)
          if (result) setStatus({ kind: 'done', text: `Saved ${baseName(opened)}.zip with ${used.length} image${used.length === 1 ? '' : 's'}` })
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
        setStatus({ kind: 'failed', text: `Saving failed: ${error instanceof Error ? error.message : String(error)}` })
      }
    },
    [refreshList, storageFailed],
  )

  const exportDocx = useCallback(async () => {
    const opened = current.current
    const editor = view.current
    const worker = client.current
    if (!opened || !editor || !worker) return
    setStatus({ kind: 'busy', text: 'Exporting…' })
    try {
      const started = performance.now()
      // The worker exports its own copy of the text, brought up to date with the last edits; the
      // whole text is read here only if it does not hold it (a fresh worker).
      const result = await worker.exportDocx(opened.id, () => editor.state.doc.toString(), baseName(opened), opened.exportSettings)
      downloadBlob(new Blob([result.data as BlobPart], { type: DOCX_TYPE }), result.fileName)
      messagesRef.current = result.messages
      setMessages(result.messages)
      showMessages(editor, result.messages)
      const warnings = result.messages.length
      setStatus({ kind: 'done', text: `Exported ${result.fileName} (${Math.max(1, Math.round(result.data.byteLength / 1024))} KB, ${Math.round(performance.now() - started)} ms)${warnings ? ` — ${warnings} message${warnings === 1 ? '' : 's'} below` : ''}` })
    } catch (error) {
      setStatus({ kind: 'failed', text: `Export failed: ${error instanceof Error ? error.message : String(error)}` })
    }
  }, [])

  const saveSettings = useCallback(
    (settings: ExportSettings) => {
      const opened = current.current
      setDialog(false)
      if (!opened) return
      setDoc({ ...opened, exportSettings: settings })
      if (opened.persisted) updateDocument(opened.id, { exportSettings: settings }).catch(storageFailed)
    },
    [storageFailed],
  )

  const rename = useCallback(
    async (name: string) => {
      const opened = current.current
      if (!opened) return
      setDoc({ ...opened, name })
      if (opened.persisted) {
        await updateDocument(opened.id, { name }).catch(storageFailed)
        refreshList()
      }
    },
    [refreshList, storageFailed],
  )

  // The export worker prepares this document's export with its settings whenever typing pauses,
  // so Export .docx usually finds the file already made (client.ts, export-engine.ts).
  const docId = doc?.id
  const docName = doc ? baseName(doc) : undefined
  const docSettings = doc?.exportSettings
  useEffect(() => {
    if (docId && docName !== undefined && docSettings) client.current?.setExportSettings(docId, docName, docSettings)
  }, [docId, docName, docSettings])

  // Images change the preview's height after it rendered: keep it where the editor is.
  useEffect(() => {
    const box = scroller.current
    if (!box) return
    const loaded = (event: Event) => {
      if (event.target instanceof HTMLImageElement) syncPreviewToEditor()
    }
    box.addEventListener('load', loaded, true)
    return () => box.removeEventListener('load', loaded, true)
  }, [syncPreviewToEditor])

  const toggleSync = useCallback(() => {
    setScrollSync((on) => {
      setSetting('scroll-sync', !on).catch(() => undefined)
      return !on
    })
  }, [])

  // Files dropped anywhere outside the editor open as documents (images go into the current one).
  useEffect(() => {
    const over = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault()
    }
    const drop = (event: DragEvent) => {
      const files = [...(event.dataTransfer?.files ?? [])]
      if (files.length === 0) return
      event.preventDefault()
      void openFiles(files.map((file) => ({ file })))
    }
    window.addEventListener('dragover', over)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragover', over)
      window.removeEventListener('drop', drop)
    }
  }, [openFiles])

  // Keyboard: save, open, export.
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      const key = event.key.toLowerCase()
      if (key === 's') {
        event.preventDefault()
        void save(event.shiftKey ? 'save-as' : 'save')
      } else if (key === 'o') {
        event.preventDefault()
        void onOpenClick()
      }
    }
    window.addEventListener('keydown', keydown)
    return () => window.removeEventListener('keydown', keydown)
  }, [onOpenClick, save])

  // One object per change of the contents, so the preview is not drawn again for every keystroke.
  const toc = useMemo(() => (preview.toc ? { depth: preview.toc, entries: preview.outline } : undefined), [preview.toc, preview.outline])
  const title = preview.title ?? doc?.name ?? 'markdocx'
  useEffect(() => {
    document.title = `${title} — markdocx`
  }, [title])

  const getView = useCallback(() => view.current, [])
  const checkNow = useCallback(() => client.current?.check(), [])
  const onImageButton = useCallback(() => imageInput.current?.click(), [])

  return (
    <div className="app">
      <header className="topbar">
        <h1 className="brand">markdocx</h1>
        <DocumentName name={doc?.name} onRename={(name) => void rename(name)} />
        <div className="actions" role="group" aria-label="File">
          <button type="button" onClick={() => void onOpenClick()} title="Open a .md file (Ctrl+O), or drop it on the window">
            Open
          </button>
          <input
            ref={fileInput}
            type="file"
            data-testid="open-file"
            className="visually-hidden"
            tabIndex={-1}
            accept={`${MARKDOWN_ACCEPT},.zip,application/zip`}
            multiple
            aria-label="Open Markdown file"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])]
              event.target.value = ''
              void openFiles(files.map((file) => ({ file })))
            }}
          />
          <button type="button" onClick={() => void save('save')} title={doc?.fileHandle ? `Save to ${doc.fileHandle.name} (Ctrl+S)` : 'Download the .md (Ctrl+S)'}>
            Save
          </button>
          <button type="button" onClick={() => void save('save-as')} title="Save as a new file (Ctrl+Shift+S)">
            Save as…
          </button>
          <button type="button" onClick={() => void save('zip')} title="Save the .md with its images as a .zip">
            Save .zip
          </button>
        </div>
        <span className="spacer" />
        <label className="toggle" title="Scroll the editor and the preview together">
          <input type="checkbox" checked={scrollSync} onChange={toggleSync} /> Sync scroll
        </label>
        <button type="button" onClick={() => setDialog(true)} title="Page size, orientation, margins and font of the export">
          Page setup
        </button>
        <button type="button" className="primary" data-testid="export-docx" onPointerEnter={() => client.current?.prepareExport()} onFocus={() => client.current?.prepareExport()} onClick={() => void exportDocx()} disabled={status.kind === 'busy' || !doc} aria-busy={status.kind === 'busy'}>
          {status.kind === 'busy' ? 'Exporting…' : 'Export .docx'}
        </button>
      </header>
      {elsewhere && (
        <div className="banner error" role="alert">
          This document is open in another tab, which saves it. If you edit it here, your changes are saved as a separate copy, so neither tab overwrites the other.
        </div>
      )}
      {forkedFrom && (
        <div className="banner" aria-live="polite" data-testid="forked-notice">
          “{forkedFrom}” is open in another tab, so your changes here are saved in a copy, “{doc?.name}”. Both are in the document list.
          <button type="button" className="link-button" onClick={() => setForkedFrom(null)}>
            Dismiss
          </button>
        </div>
      )}
      {storageError && (
        <div className="banner error" role="alert">
          {storageError}
          <button type="button" className="link-button" onClick={() => setStorageError(null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="workspace">
        <aside className="sidebar">
          <DocumentList documents={documents} currentId={doc?.id} onOpen={(id) => void openDocument(id)} onNew={() => void newDocument(`Untitled ${documents.length + 1}`, '')} onDelete={(id) => void removeDocument(id)} />
          <section className="outline-panel" aria-label="Outline">
            <h2>Outline</h2>
            <Outline entries={preview.outline} onJump={jumpToHeading} />
          </section>
        </aside>
        <section className="editor-pane" aria-label="Editor">
          <Toolbar view={getView} onImage={onImageButton} />
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            multiple
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Insert image"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])]
              event.target.value = ''
              void addImages(files)
            }}
          />
          {doc && <Editor key={editorKey || doc.id} initialText={doc.text} initialCursor={doc.cursor} dark={dark} onUpdate={onUpdate} onReady={onReady} onFiles={(files, position) => void addImages(files, position)} />}
        </section>
        <section className="preview-pane" aria-label="Preview of the Word document" ref={scroller} onScroll={() => onScroll('preview')}>
          {renderError && (
            <div className="banner error" role="alert">
              The preview could not be updated: {renderError}
            </div>
          )}
          {renderStalled !== null && (
            <div className="banner error" role="alert" data-testid="preview-stalled">
              The preview is paused: rendering the latest text took longer than {Math.max(1, Math.round(renderStalled / 1000))} s, so it shows the last version that rendered. Your text is safe; the preview tries again when you pause typing.
              <button type="button" className="link-button" onClick={() => client.current?.retry()}>
                Try again, waiting longer
              </button>
            </div>
          )}
          <div className="page" style={pageStyle(doc?.exportSettings)} ref={previewRef}>
            <AssetUrls.Provider value={assetUrls}>
              <Preview ref={previewHandle} store={store} scroller={scroller} onDrawn={onDrawn} onLineClick={jumpToLine} {...(toc ? { toc } : {})} />
            </AssetUrls.Provider>
          </div>
        </section>
      </div>
      <MessagesPanel messages={messages} checkedLive={!large} onJump={jumpToLine} onCheck={checkNow} />
      <footer className="statusbar">
        <span data-testid="word-count">
          {preview.words.toLocaleString()} words · {preview.characters.toLocaleString()} characters
        </span>
        <span className={storageError ? 'save-state error' : 'save-state'}>{!doc?.persisted || storageError || elsewhere ? 'Not saved in this browser' : saved ? 'Saved in this browser' : 'Saving…'}</span>
        {preview.timings && (
          <span className="muted" title="Time the worker took to parse and render the last change">
            preview {Math.round(preview.timings.parse + preview.timings.render)} ms
          </span>
        )}
        <span className="spacer" />
        <span role="status" aria-live="polite" className={`status status-${status.kind}`}>
          {status.kind === 'idle' ? '' : status.text}
        </span>
      </footer>
      {dialog && doc && <ExportDialog settings={doc.exportSettings} onSave={saveSettings} onClose={() => setDialog(false)} />}
    </div>
  )
}

