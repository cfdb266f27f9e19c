/**
 * The markdocx app: documents, the editor, the live preview, messages and export.
 *
 * A composition: each concern is a hook (./hooks, one file each) and each part of the page a
 * component. The editor owns the text (uncontrolled); the hooks share it through the editor's
 * view and the shown document through a ref, and talk to the workers through one client.
 * A feature is a hook for its state and actions and a component for its part of the page.
 */
import { useCallback } from 'react'
import { EditorPane } from './EditorPane.js'
import { ExportDialog } from './ExportDialog.js'
import { MessagesPanel } from './MessagesPanel.js'
import { Notices } from './Notices.js'
import { PreviewPane } from './PreviewPane.js'
import type { OpenDocument } from './session.js'
import { Sidebar } from './Sidebar.js'
import { StatusBar } from './StatusBar.js'
import { TopBar } from './TopBar.js'
import { useAssets } from './hooks/use-assets.js'
import { useDocumentList } from './hooks/use-document-list.js'
import { useDocumentTitle } from './hooks/use-document-title.js'
import { useEditorText } from './hooks/use-editor-text.js'
import { useEditorView } from './hooks/use-editor-view.js'
import { useExport } from './hooks/use-export.js'
import { useFileDrop } from './hooks/use-file-drop.js'
import { useFileShortcuts } from './hooks/use-file-shortcuts.js'
import { useJournal } from './hooks/use-journal.js'
import { useMessages } from './hooks/use-messages.js'
import { useOpenDocument } from './hooks/use-open-document.js'
import { useOpenFiles } from './hooks/use-open-files.js'
import { usePageSetup } from './hooks/use-page-setup.js'
import { usePrefersDark } from './hooks/use-prefers-dark.js'
import { usePreview } from './hooks/use-preview.js'
import { useSaveFile } from './hooks/use-save-file.js'
import { useScrollSync } from './hooks/use-scroll-sync.js'
import { useSession } from './hooks/use-session.js'
import { useStatus } from './hooks/use-status.js'
import { useStorageError } from './hooks/use-storage-error.js'
import { useWorkerClient } from './hooks/use-worker-client.js'

export function App() {
  const dark = usePrefersDark()
  const { doc, setDoc, current } = useOpenDocument()
  const editor = useEditorView()
  const { storageError, storageFailed, dismissStorageError } = useStorageError()
  const { status, setStatus } = useStatus()
  const { documents, refreshList } = useDocumentList(storageFailed)
  const messages = useMessages(editor.view)
  const preview = usePreview()
  const worker = useWorkerClient({ onRender: preview.onRender, onRenderError: preview.onRenderError, onRenderTimeout: preview.onRenderTimeout, onMessages: (reply) => messages.show(reply.messages) })
  const journal = useJournal({ current, editor, setDoc, refreshList, storageFailed })

  // What starts afresh with each document shown.
  const { open: openJournal } = journal
  const { reset: resetWorker } = worker
  const { clear: clearPreview } = preview
  const { reset: resetMessages } = messages
  const onShow = useCallback(
    (next: OpenDocument) => {
      openJournal(next)
      resetWorker()
      clearPreview()
      resetMessages(next.text)
    },
    [clearPreview, openJournal, resetMessages, resetWorker],
  )
  const session = useSession({ current, setDoc, documents, refreshList, storageFailed, onShow })

  const scroll = useScrollSync(editor.view)
  const text = useEditorText({ editor, current, client: worker.client, track: journal.track, onScroll: scroll.onScroll, editorLeads: scroll.editorLeads, markMessages: messages.markIn })
  const { assetUrls, addImages } = useAssets({ doc, current, view: editor.view, client: worker.client, requestRender: text.requestRender, setStatus, storageFailed })
  const files = useOpenFiles({ newDocument: session.newDocument, addImages, setStatus })
  const save = useSaveFile({ current, view: editor.view, setDoc, refreshList, storageFailed, setStatus })
  const exporter = useExport({ doc, current, view: editor.view, client: worker.client, showMessages: messages.show, setStatus })
  const pageSetup = usePageSetup({ current, setDoc, storageFailed })
  useFileDrop(files.openFiles)
  useFileShortcuts(save, files.open)
  useDocumentTitle(preview.summary.title ?? doc?.name ?? 'markdocx')

  return (
    <div className="app">
      <TopBar
        name={doc?.name}
        onRename={(name) => void session.rename(name)}
        fileName={doc?.fileHandle?.name}
        fileInput={files.fileInput}
        onOpen={() => void files.open()}
        onOpenFiles={(picked) => void files.openFiles(picked)}
        onSave={(mode) => void save(mode)}
        scrollSync={scroll.scrollSync}
        onToggleSync={scroll.toggleSync}
        onPageSetup={pageSetup.openDialog}
        exporting={status.kind === 'busy'}
        canExport={doc !== null}
        onPrepareExport={exporter.prepareExport}
        onExport={() => void exporter.exportDocx()}
      />
      <Notices elsewhere={journal.elsewhere} forkedFrom={journal.forkedFrom} copyName={doc?.name} onDismissFork={journal.dismissFork} storageError={storageError} onDismissStorageError={dismissStorageError} />
      <div className="workspace">
        <Sidebar
          documents={documents}
          currentId={doc?.id}
          onOpen={(id) => void session.openDocument(id)}
          onNew={() => void session.newDocument(`Untitled ${documents.length + 1}`, '')}
          onDelete={(id) => void session.removeDocument(id)}
          outline={preview.summary.outline}
          onJump={scroll.jumpToHeading}
        />
        <EditorPane doc={doc} editorKey={session.editorKey} dark={dark} getView={editor.getView} onUpdate={text.onUpdate} onReady={text.onReady} onImages={(images, position) => void addImages(images, position)} />
        <PreviewPane
          store={preview.store}
          scroller={scroll.scroller}
          previewHandle={scroll.previewHandle}
          onScroll={() => scroll.onScroll('preview')}
          onDrawn={scroll.onDrawn}
          onLineClick={scroll.jumpToLine}
          toc={preview.toc}
          settings={doc?.exportSettings}
          assetUrls={assetUrls}
          renderError={preview.renderError}
          renderStalled={preview.renderStalled}
          onRetry={worker.retry}
        />
      </div>
      <MessagesPanel messages={messages.messages} checkedLive={messages.checkedLive} onJump={scroll.jumpToLine} onCheck={worker.check} />
      <StatusBar summary={preview.summary} storage={!doc?.persisted || storageError || journal.elsewhere ? 'not-saved' : journal.saved ? 'saved' : 'saving'} storageFailed={storageError !== null} status={status} />
      {pageSetup.dialogOpen && doc && <ExportDialog settings={doc.exportSettings} onSave={pageSetup.saveSettings} onClose={pageSetup.closeDialog} />}
    </div>
  )
}
