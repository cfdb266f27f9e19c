/**
 * The markdocx app: documents, the editor, the live preview, messages and export.
 *
 * A composition: each concern is a hook (./hooks, one file each) and each part of the page a
 * component. The editor owns the text (uncontrolled); the hooks share it through the editor's
 * view and the shown document through a ref, and talk to the workers through one client.
 * A feature is a hook for its state and actions and a component for its part of the page.
 * Every action is a command in one registry (use-commands.ts), which feeds the key bindings,
 * the command palette, the shortcut sheet and the "More" menu.
 */
import { useCallback } from 'react'
import { BibliographyDialog } from './BibliographyDialog.js'
import { CommandPalette } from './CommandPalette.js'
import { EditorPane } from './EditorPane.js'
import { ExportDialog } from './ExportDialog.js'
import { SidebarToggle, ViewSwitch } from './LayoutControls.js'
import { ImportNotice } from './ImportNotice.js'
import { MessagesPanel } from './MessagesPanel.js'
import { ModalDialog } from './ModalDialog.js'
import { MoreMenu } from './MoreMenu.js'
import { Notices } from './Notices.js'
import { PreviewPane } from './PreviewPane.js'
import type { OpenDocument } from './session.js'
import { ShortcutSheet } from './ShortcutSheet.js'
import { Sidebar } from './Sidebar.js'
import { StatusBar } from './StatusBar.js'
import { TopBar } from './TopBar.js'
import { UpdateNotice } from './UpdateNotice.js'
import { useAssets } from './hooks/use-assets.js'
import { useBibliography } from './hooks/use-bibliography.js'
import { useDocumentList } from './hooks/use-document-list.js'
import { useDocumentTitle } from './hooks/use-document-title.js'
import { useEditorText } from './hooks/use-editor-text.js'
import { useEditorView } from './hooks/use-editor-view.js'
import { useCommandKeys } from './hooks/use-command-keys.js'
import { useCommandPalette } from './hooks/use-command-palette.js'
import { useCommands } from './hooks/use-commands.js'
import { useExport } from './hooks/use-export.js'
import { useFileDrop } from './hooks/use-file-drop.js'
import { useJournal } from './hooks/use-journal.js'
import { useLayout } from './hooks/use-layout.js'
import { useMessages } from './hooks/use-messages.js'
import { useOpenDocument } from './hooks/use-open-document.js'
import { useOpenFiles } from './hooks/use-open-files.js'
import { usePageSetup } from './hooks/use-page-setup.js'
import { usePrefersDark } from './hooks/use-prefers-dark.js'
import { usePreview } from './hooks/use-preview.js'
import { usePrint } from './hooks/use-print.js'
import { useSaveFile } from './hooks/use-save-file.js'
import { useScrollSync } from './hooks/use-scroll-sync.js'
import { useSession } from './hooks/use-session.js'
import { useStatus } from './hooks/use-status.js'
import { useStorageError } from './hooks/use-storage-error.js'
import { useTitleName } from './hooks/use-title-name.js'
import { useTrash } from './hooks/use-trash.js'
import { useWorkerClient } from './hooks/use-worker-client.js'
import { useWordPageFeatures } from './hooks/use-word-page-features.js'

export function App() {
  const dark = usePrefersDark()
  const { doc, setDoc, current } = useOpenDocument()
  const editor = useEditorView()
  const { storageError, storageFailed, dismissStorageError } = useStorageError()
  const { status, setStatus } = useStatus()
  const { documents, refreshList } = useDocumentList(storageFailed)
  const messages = useMessages(editor.view)
  const preview = usePreview(doc?.exportSettings.toc)
  const worker = useWorkerClient({
    onRender: (reply) => {
      preview.onRender(reply)
      messages.showNotes(reply.notes)
    },
    onHast: preview.onHast,
    onRenderError: preview.onRenderError,
    onRenderTimeout: preview.onRenderTimeout,
    onMessages: (reply) => messages.show(reply.messages),
  })
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
  const session = useSession({ current, setDoc, refreshList, storageFailed, onShow })
  const trash = useTrash({ nameOf: (id) => documents.find((entry) => entry.id === id)?.name, session, refreshList, storageFailed })

  const scroll = useScrollSync(editor.view)
  const text = useEditorText({ editor, current, client: worker.client, track: journal.track, onScroll: scroll.onScroll, editorLeads: scroll.editorLeads, markMessages: messages.markIn })
  const { assetUrls, addImages } = useAssets({ doc, current, view: editor.view, client: worker.client, requestRender: text.requestRender, setStatus, storageFailed })
  const bibliography = useBibliography({ current, view: editor.view, client: worker.client, requestRender: text.requestRender, setStatus, storageFailed })
  const files = useOpenFiles({ newDocument: session.newDocument, addImages, addCitationFiles: bibliography.addFiles, setStatus })
  const save = useSaveFile({ current, view: editor.view, setDoc, refreshList, storageFailed, setStatus })
  const exporter = useExport({ doc, current, view: editor.view, client: worker.client, showMessages: messages.show, setStatus })
  const pageSetup = usePageSetup({ current, view: editor.view, setDoc, storageFailed })
  useFileDrop(files.openFiles)
  useDocumentTitle(preview.summary.title ?? doc?.name ?? 'markdocx')
  useTitleName({ doc, current, title: preview.summary.title ?? preview.summary.outline.entries[0]?.text, setDoc, refreshList, storageFailed })
  const layout = useLayout()
  const printer = usePrint(doc?.exportSettings)
  const furniture = useWordPageFeatures(layout.wordPage, doc?.exportSettings, editor.view, preview.store)
  const palette = useCommandPalette()
  const { newDocument: createDocument } = session
  const newDocument = useCallback(() => void createDocument(`Untitled ${documents.length + 1}`, '', [], { nameFollowsTitle: true }), [createDocument, documents.length])
  const commands = useCommands({
    documents,
    currentId: doc?.id,
    newDocument,
    openDocument: (id) => void session.openDocument(id),
    deleteDocument: (id) => void trash.remove(id),
    open: () => void files.open(),
    save: (mode) => void save(mode),
    exportDocx: () => void exporter.exportDocx(),
    canExport: doc !== null && status.kind !== 'busy',
    pageSetup: pageSetup.openDialog,
    bibliography: bibliography.openDialog,
    print: () => void printer.print(),
    layout,
    scrollSync: scroll.scrollSync,
    toggleSync: scroll.toggleSync,
    check: worker.check,
    getView: editor.getView,
    openPalette: palette.openPalette,
    openShortcuts: palette.openShortcuts,
  })
  useCommandKeys(commands)
  const focusEditor = commands.find((command) => command.id === 'focus-editor')?.run
  // In the drawer (narrow screens), choosing a document or a heading closes it.
  const inDrawer = layout.narrow
  const sidebar = (
    <Sidebar
      documents={documents}
      currentId={doc?.id}
      onOpen={(id) => {
        if (inDrawer) layout.closeSidebar()
        void session.openDocument(id)
      }}
      onNew={() => {
        if (inDrawer) layout.closeSidebar()
        newDocument()
      }}
      onDelete={(id) => void trash.remove(id)}
      trash={{ trashed: trash.trashed, onRestore: (id) => void trash.restore(id), onEmpty: () => void trash.empty() }}
      outline={preview.summary.outline}
      onJump={(entry) => {
        if (inDrawer) layout.closeSidebar()
        scroll.jumpToHeading(entry)
      }}
    />
  )

  return (
    <div className="app" data-view={layout.view} data-sidebar={layout.sidebarOpen && !layout.narrow ? 'open' : 'closed'} data-printing={printer.printing || undefined}>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault()
          focusEditor?.()
        }}
      >
        Skip to the editor
      </a>
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
        leading={<SidebarToggle open={layout.sidebarOpen} drawer={layout.narrow} onToggle={layout.toggleSidebar} />}
        trailing={
          <>
            <ViewSwitch view={layout.view} phone={layout.phone} onView={layout.setView} />
            <MoreMenu commands={commands} />
          </>
        }
      />
      <Notices elsewhere={journal.elsewhere} forkedFrom={journal.forkedFrom} copyName={doc?.name} onDismissFork={journal.dismissFork} storageError={storageError} onDismissStorageError={dismissStorageError} deleted={trash.deleted} onUndoDelete={() => void trash.undo()} onDismissDeleted={trash.dismiss} />
      <ImportNotice imported={files.imported} onDismiss={files.dismissImported} />
      <UpdateNotice />
      <div className="workspace">
        {!layout.narrow && layout.sidebarOpen && sidebar}
        <main className="panes" id="main">
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
            drawAll={printer.printing}
            wordPage={layout.wordPage}
            furniture={furniture}
            title={preview.summary.title}
            shown={layout.view !== 'editor'}
            onToggleWordPage={layout.toggleWordPage}
          />
        </main>
      </div>
      <MessagesPanel messages={messages.messages} checkedLive={messages.checkedLive} onJump={scroll.jumpToLine} onCheck={worker.check} />
      <StatusBar summary={preview.summary} storage={!doc?.persisted || storageError || journal.elsewhere ? 'not-saved' : journal.saved ? 'saved' : 'saving'} storageFailed={storageError !== null} status={status} exportControls={exporter.controls} />
      {layout.narrow && layout.sidebarOpen && (
        <ModalDialog labelledBy="drawer-title" className="drawer" onClose={layout.closeSidebar} initialFocus="[aria-current='true']" testId="drawer">
          <h2 id="drawer-title" className="visually-hidden">
            Documents and outline
          </h2>
          {sidebar}
        </ModalDialog>
      )}
      {pageSetup.dialogOpen && doc && (
        <ExportDialog
          settings={doc.exportSettings}
          fromDocument={pageSetup.fromDocument}
          onSave={pageSetup.saveSettings}
          onClose={pageSetup.closeDialog}
          onBibliography={() => {
            pageSetup.closeDialog()
            bibliography.openDialog()
          }}
        />
      )}
      {bibliography.dialogOpen && doc && (
        <BibliographyDialog
          keys={bibliography.keys}
          stored={bibliography.stored}
          onAddFiles={(picked) => void bibliography.addFiles(picked)}
          onStyle={(style) => void bibliography.setStyle(style)}
          onCite={(name, use) => void bibliography.citeFrom(name, use)}
          onClose={bibliography.closeDialog}
        />
      )}
      {palette.open === 'palette' && <CommandPalette commands={commands} onRun={(command) => palette.runAfterClose(command.run)} onClose={palette.close} />}
      {palette.open === 'shortcuts' && <ShortcutSheet commands={commands} onClose={palette.close} />}
    </div>
  )
}
