/**
 * How the app's export waits for images (util/load-queue.ts does the waiting). A document of
 * badges may link hundreds of remote images; offline, or with a server that hangs, waiting for
 * each in turn took minutes and ran past the export's budget. So: several at a time, a short
 * limit for each, a deadline for all, and a server that hangs given up after a few — what did
 * not load becomes a placeholder with a message, never a failed export.
 */
export const IMAGE_LIMITS = {
  /** Images loading at once (Chromium opens at most 6 connections to one HTTP/1.1 host anyway). */
  concurrency: 8,
  /** Milliseconds one image may take. */
  imageTimeoutMs: 8_000,
  /** Milliseconds all images of one export may take: well inside the export's budget (budget.ts). */
  imageDeadlineMs: 45_000,
} as const

/**
 * An export the user asks for tries again the remote images that failed — the network may be
 * back — but not those that failed less than this long ago (nor any while the browser says it
 * is offline): offline, a document of badges would otherwise wait for every one of them to fail
 * again on each click, and never take the export prepared during a pause (1 MiB of READMEs:
 * 3–5 s a click against 0.1–0.2 s). When the browser says the network is back (`online`), every
 * failure is tried again at the next click (exporter.ts).
 */
export const RETRY_FAILED_IMAGES_AFTER_MS = 120_000
