/**
 * The export worker's work (exporter.ts runs it): .docx files compiled and packed from trees
 * the render worker sends, so exporting never holds up the preview, and ahead of the click.
 *
 * When typing pauses, the render worker sends the current tree (a copy: the export never parses
 * again) and this prepares the export with the document's latest settings. Export .docx then
 * sends a job for the text's version: when the prepared export is of that version and those
 * settings, its bytes go back at once; otherwise the job is exported as soon as the worker is
 * free. Jobs go before preparations, and a preparation is only ever of the newest tree.
 *
 * A preparation is done in slices (the compiler yields between top-level blocks), reading the
 * messages that came between them: it stops for a job of another export or a newer tree (what it
 * compiled stays in the text caches), hurries for a job of the very export it prepares, and waits
 * while the user types. On two cores a preparation that ran on hurt typing: the first one after
 * opening a 1 MiB document is seconds of work (nothing cached yet), and it took the core the
 * page's rendering and the render worker need (keystroke p95 130–164 ms, against 68 ms with no
 * preparation at all, in one slow hour; Chromium, `npm run bench -- --browser-only`).
 */
import type { Message } from '../markdown/messages.js'
import { DiagramSource } from './diagram-source.js'
import { buildDocx, type BuiltDocx, type ImageLoading } from './export-docx.js'
import { ImageSource } from './image-source.js'
import type { ExporterLinkMessage, ExporterRequest, ExportSettings, JobMessage, TreeMessage, WorkerReply } from './protocol.js'

type Post = (message: WorkerReply, transfer?: Transferable[]) => void

/** A preparation works in slices of about this long, reading the messages that came meanwhile between them. */
const SLICE_MS = 10
/** The user counts as typing this long after the render worker's last activity message. */
const TYPING_WINDOW_MS = 500
/** While the user types, a preparation checks this often whether to stop or go on. */
const TYPING_WAIT_MS = 50

/** A preparation given up for a job of another export, a newer tree, new settings or assets. */
class Superseded extends Error {}

interface Preparation {
  tree: TreeMessage
  name: string
  settings: ExportSettings
  settingsVersion: number
}

interface Prepared {
  documentId: string
  version: number
  settingsVersion: number
  built: BuiltDocx
}

interface Job extends JobMessage {
  /** The tree of the job's version, taken when the job arrived (a newer tree may replace the latest). */
  source: TreeMessage | undefined
  /** The user stopped waiting for images while this job waited: it takes the images as they are, without trying failed ones again. */
  skipImages?: boolean
}

export class ExportEngine {
  private latest: TreeMessage | undefined
  private readonly settings = new Map<string, { name: string; settings: ExportSettings; version: number }>()
  private prepared: Prepared | undefined
  private readonly jobs: Job[] = []
  private running = false
  /** When the render worker last said the text changed (performance.now()). */
  private lastActivity = -Infinity
  /** The text changed after the newest tree came: a newer tree comes when typing pauses. */
  private outdated = false
  /** The pointer reached Export .docx since the text last changed: typing before it holds no preparation. */
  private hurried = false
  /** Counts asset changes: a preparation begun before one is of old images. */
  private assetsEpoch = 0
  private readonly images: ImageSource
  private readonly diagrams: DiagramSource
  /** How many exports were built, how many of them in advance, and how many preparations were given up (for tests). */
  readonly counts = { built: 0, prepared: 0, reused: 0, superseded: 0 }

  /** The build under way: what it is (a preparation, or a job's own), and the wait for its images to give up. */
  private building: { preparation: Preparation | undefined; images: AbortController } | undefined

  /** A preparation that failed: not tried again for the same text and settings (the export, if asked for, fails with the reason). */
  private failed: { documentId: string; version: number; settingsVersion: number } | undefined

  constructor(
    private readonly post: Post,
    /** Builds one export (tests stand in a failing one). */
    private readonly build: typeof buildDocx = buildDocx,
  ) {
    this.images = new ImageSource((request) => this.post(request))
    this.diagrams = new DiagramSource((request) => this.post(request))
  }

  /** The browser says the network is back (the worker's `online` event): failed images are tried again at the next click. */
  networkBack(): void {
    this.images.networkBack()
  }

  handle(message: ExporterRequest | ExporterLinkMessage): void {
    switch (message.type) {
      case 'tree':
        // Only the newest tree is prepared; an older one is kept only by the jobs that need it.
        if (this.latest && this.latest.documentId !== message.documentId) this.prepared = undefined
        this.latest = message
        this.outdated = false
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
        this.assetsEpoch++
        break
      case 'activity':
        this.lastActivity = performance.now()
        this.outdated = true
        this.hurried = false
        return
      case 'hurry':
        this.hurried = true
        break
      case 'rasterized':
        this.images.answer(message.id, message.bytes)
        return
      case 'skip-images':
        // The user stopped waiting: the build under way goes on with placeholders for the images not loaded.
        this.building?.images.abort()
        for (const job of this.jobs) job.skipImages = true
        return
      case 'diagram-drawn':
        this.diagrams.answer(message.id, message.result)
        return
      case 'connect':
        return
    }
    this.stopStaleImages()
    this.kick()
  }

  /**
   * A preparation waiting for images that something newer will supersede stops waiting (its
   * placeholders are never packed: it stops at its next slice). Otherwise a job for another
   * export could wait behind a server that hangs until the image deadline.
   */
  private stopStaleImages(): void {
    const preparation = this.building?.preparation
    if (!preparation || this.building!.images.signal.aborted) return
    const { tree, settingsVersion } = preparation
    const stale = this.latest !== tree || this.settings.get(tree.documentId)?.version !== settingsVersion || this.jobs.some((job) => !(job.documentId === tree.documentId && job.version === tree.version && job.settingsVersion === settingsVersion && settingsVersion > 0))
    if (stale) this.building!.images.abort()
  }

  /** Starts waiting for a build's images: progress goes to the page (a click may wait on any build), skip-images stops the wait. */
  private loading(preparation: Preparation | undefined, retry: boolean): ImageLoading {
    const images = new AbortController()
    this.building = { preparation, images }
    return { signal: images.signal, retry, onProgress: (loaded, total) => this.post({ type: 'export-progress', loaded, total }) }
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
          const built = await this.build({ documentId: next.tree.documentId, tree: next.tree.tree, text: next.tree.text, parseMessages: next.tree.messages }, next.name, next.settings, this.images, this.pacer(next), this.diagrams.render, this.loading(next, false)).finally(() => (this.building = undefined))
          this.counts.built++
          this.counts.prepared++
          this.prepared = { documentId: next.tree.documentId, version: next.tree.version, settingsVersion: next.settingsVersion, built }
        } catch (error) {
          // Given up for something newer: the loop takes it (the job, or the newest tree).
          if (error instanceof Superseded) {
            this.counts.superseded++
            continue
          }
          // Not reported here, and not retried: the loop goes on to the jobs that came meanwhile.
          this.prepared = undefined
          this.failed = { documentId: next.tree.documentId, version: next.tree.version, settingsVersion: next.settingsVersion }
        }
      }
    } finally {
      this.running = false
    }
  }

  /** The pause between a preparation's slices (treeToDocx calls it between top-level blocks, and before packing). */
  private pacer(preparation: Preparation): (next: 'compile' | 'pack') => Promise<void> | undefined {
    const epoch = this.assetsEpoch
    let sliceStarted = performance.now()
    return (next) => {
      if (next === 'compile' && performance.now() - sliceStarted < SLICE_MS) return undefined
      return this.between(preparation, epoch, next).then(() => {
        sliceStarted = performance.now()
      })
    }
  }

  /**
   * Between two slices: the messages that came are read; a job of another export, a newer tree,
   * new settings or assets stop the preparation; a job of this very export lets it go on at once;
   * a preparation of text that changed since is not packed. While the user types (and has not
   * reached for Export .docx since), compiling goes on a slice after each wait (a fifth of a core,
   * so a long preparation still ends, with its caches warm for the export to come), and packing —
   * one step of up to a second on a MiB, which cannot pause — waits until typing stops.
   */
  private async between(preparation: Preparation, epoch: number, next: 'compile' | 'pack'): Promise<void> {
    for (;;) {
      await yieldToMessages()
      const { tree, settingsVersion } = preparation
      if (this.latest !== tree || this.settings.get(tree.documentId)?.version !== settingsVersion || this.assetsEpoch !== epoch) throw new Superseded()
      if (this.jobs.length > 0) {
        const mine = this.jobs.every((job) => job.documentId === tree.documentId && job.version === tree.version && job.settingsVersion === settingsVersion && settingsVersion > 0)
        if (!mine) throw new Superseded()
        return
      }
      // Of text changed since: its compile warmed the caches; packing it would be a waste.
      if (next === 'pack' && this.outdated) throw new Superseded()
      if (!this.typing()) return
      await new Promise((resolve) => setTimeout(resolve, TYPING_WAIT_MS))
      if (next === 'compile') return
    }
  }

  /** Whether the user is typing (and has not reached for Export .docx since). */
  private typing(): boolean {
    return !this.hurried && performance.now() - this.lastActivity < TYPING_WINDOW_MS
  }

  /** The newest tree with its document's settings, unless that export is prepared already. */
  private toPrepare(): Preparation | undefined {
    const tree = this.latest
    if (!tree || this.outdated) return undefined
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
    // Prepared with remote images that did not load: the export asked for tries them again (the network may be back),
    // unless every one failed only moments ago (image-source.ts). An image whose wait was cut short never failed, so
    // it is always tried again.
    if (prepared && prepared.documentId === job.documentId && prepared.version === job.version && prepared.settingsVersion === job.settingsVersion && job.settingsVersion > 0 && (job.skipImages || prepared.built.imagesToRetry.every((url) => this.images.recentlyFailed(url)))) {
      this.counts.reused++
      this.reply(job.id, prepared.built)
      return
    }
    if (!job.source) {
      this.post({ type: 'export-failed', id: job.id, error: 'the document to export did not reach the export worker' })
      return
    }
    try {
      const built = await this.build({ documentId: job.documentId, tree: job.source.tree, text: job.source.text, parseMessages: job.source.messages }, job.name, job.settings, this.images, undefined, this.diagrams.render, this.loading(undefined, !job.skipImages)).finally(() => (this.building = undefined))
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

/** A turn of the event loop, so messages that came are handled (a MessageChannel: timers nested this deep wait 4 ms). */
function yieldToMessages(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0))
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
