/**
 * The export worker's work (exporter.ts runs it): .docx files compiled and packed from trees
 * the render worker sends, so exporting never holds up the preview, and ahead of the click.
 *
 * When typing pauses, the render worker sends the current tree (a copy: the export never parses
 * again) and this prepares the export with the document's latest settings. Export .docx then
 * sends a job for the text's version: when the prepared export is of that version and those
 * settings, its bytes go back at once; otherwise the job is exported as soon as the worker is
 * free (a compile cannot be interrupted: a preparation already running finishes first). Jobs go
 * before preparations, and a preparation is only ever of the newest tree.
 */
import type { Message } from '../markdown/messages.js'
import { buildDocx, type BuiltDocx } from './export-docx.js'
import { ImageSource } from './image-source.js'
import type { ExporterLinkMessage, ExporterRequest, ExportSettings, JobMessage, TreeMessage, WorkerReply } from './protocol.js'

type Post = (message: WorkerReply, transfer?: Transferable[]) => void

interface Prepared {
  documentId: string
  version: number
  settingsVersion: number
  built: BuiltDocx
}

interface Job extends JobMessage {
  /** The tree of the job's version, taken when the job arrived (a newer tree may replace the latest). */
  source: TreeMessage | undefined
}

export class ExportEngine {
  private latest: TreeMessage | undefined
  private readonly settings = new Map<string, { name: string; settings: ExportSettings; version: number }>()
  private prepared: Prepared | undefined
  private readonly jobs: Job[] = []
  private running = false
  private readonly images: ImageSource
  /** How many exports were built, and how many of them in advance (for tests). */
  readonly counts = { built: 0, prepared: 0, reused: 0 }

  /** A preparation that failed: not tried again for the same text and settings (the export, if asked for, fails with the reason). */
  private failed: { documentId: string; version: number; settingsVersion: number } | undefined

  constructor(
    private readonly post: Post,
    /** Builds one export (tests stand in a failing one). */
    private readonly build: typeof buildDocx = buildDocx,
  ) {
    this.images = new ImageSource((request) => this.post(request))
  }

  handle(message: ExporterRequest | ExporterLinkMessage): void {
    switch (message.type) {
      case 'tree':
        // Only the newest tree is prepared; an older one is kept only by the jobs that need it.
        if (this.latest && this.latest.documentId !== message.documentId) this.prepared = undefined
        this.latest = message
        break
      case 'job':
        this.jobs.push({ ...message, source: this.latest?.documentId === message.documentId && this.latest.version === message.version ? this.latest : undefined })
        break
      case 'settings':
        this.settings.set(message.documentId, { name: message.name, settings: message.settings, version: message.version })
        break
      case 'assets-changed':
        this.images.clear()
        this.prepared = undefined
        break
      case 'rasterized':
        this.images.answer(message.id, message.bytes)
        return
      case 'connect':
        return
    }
    this.kick()
  }

  private kick(): void {
    if (this.running) return
    this.running = true
    // Later messages already queued (a newer tree, the job after it) are read before choosing.
    setTimeout(() => void this.run(), 0)
  }

  private async run(): Promise<void> {
    try {
      for (;;) {
        const job = this.jobs.shift()
        if (job) {
          await this.answer(job)
          continue
        }
        const next = this.toPrepare()
        if (!next) break
        try {
          const built = await this.build({ documentId: next.tree.documentId, tree: next.tree.tree, text: next.tree.text, parseMessages: next.tree.messages }, next.name, next.settings, this.images)
          this.counts.built++
          this.counts.prepared++
          this.prepared = { documentId: next.tree.documentId, version: next.tree.version, settingsVersion: next.settingsVersion, built }
        } catch {
          // Not reported here, and not retried: the loop goes on to the jobs that came meanwhile.
          this.prepared = undefined
          this.failed = { documentId: next.tree.documentId, version: next.tree.version, settingsVersion: next.settingsVersion }
        }
      }
    } finally {
      this.running = false
    }
  }

  /** The newest tree with its document's settings, unless that export is prepared already. */
  private toPrepare(): { tree: TreeMessage; name: string; settings: ExportSettings; settingsVersion: number } | undefined {
    const tree = this.latest
    if (!tree) return undefined
    const settings = this.settings.get(tree.documentId)
    if (!settings) return undefined
    const prepared = this.prepared
    if (prepared && prepared.documentId === tree.documentId && prepared.version === tree.version && prepared.settingsVersion === settings.version) return undefined
    const failed = this.failed
    if (failed && failed.documentId === tree.documentId && failed.version === tree.version && failed.settingsVersion === settings.version) return undefined
    return { tree, name: settings.name, settings: settings.settings, settingsVersion: settings.version }
  }

  private async answer(job: Job): Promise<void> {
    const prepared = this.prepared
    if (prepared && prepared.documentId === job.documentId && prepared.version === job.version && prepared.settingsVersion === job.settingsVersion && job.settingsVersion > 0) {
      this.counts.reused++
      this.reply(job.id, prepared.built)
      return
    }
    if (!job.source) {
      this.post({ type: 'export-failed', id: job.id, error: 'the document to export did not reach the export worker' })
      return
    }
    try {
      const built = await this.build({ documentId: job.documentId, tree: job.source.tree, text: job.source.text, parseMessages: job.source.messages }, job.name, job.settings, this.images)
      this.counts.built++
      this.prepared = { documentId: job.documentId, version: job.version, settingsVersion: job.settingsVersion, built }
      this.reply(job.id, built)
    } catch (error) {
      this.post({ type: 'export-failed', id: job.id, error: error instanceof Error ? error.message || error.name : String(error) })
    }
  }

  private reply(id: number, built: BuiltDocx): void {
    // The prepared bytes stay here for the next click: the page gets a copy it owns.
    const data = built.data.slice()
    const messages: Message[] = built.messages
    this.post({ type: 'exported', id, data, fileName: built.fileName, messages }, [data.buffer])
  }
}
