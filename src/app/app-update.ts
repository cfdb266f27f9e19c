/**
 * What the service worker has to say to the page: a new version is installed and waiting
 * (Reload applies it), or the app is now cached for offline use. A tiny external store, so the
 * React tree (UpdateNotice) reads it without importing the registration — which exists only in
 * a production build (service-worker.ts) and would otherwise pull the PWA plugin's virtual module
 * into dev and test builds.
 */
export interface AppUpdateState {
  /** A new version waits: Reload applies it. */
  needRefresh: boolean
  /** Everything is cached: the app now opens with no network. */
  offlineReady: boolean
}

let state: AppUpdateState = { needRefresh: false, offlineReady: false }
let apply: (() => Promise<void>) | undefined
const listeners = new Set<() => void>()

export function subscribeAppUpdate(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function appUpdateState(): AppUpdateState {
  return state
}

export function setAppUpdate(change: Partial<AppUpdateState>): void {
  state = { ...state, ...change }
  for (const listener of listeners) listener()
}

/** The registration hands over how to activate the waiting version. */
export function setApplyUpdate(run: () => Promise<void>): void {
  apply = run
}

/** Activates the waiting version; the page reloads when it takes over. */
export async function applyAppUpdate(): Promise<void> {
  setAppUpdate({ needRefresh: false })
  await apply?.()
}
