/**
 * A new version of the app is installed and waiting (app-update.ts): Reload applies it (the new
 * service worker takes over and the page reloads — the document is saved as typed, so nothing
 * is lost), Later keeps this version until the next visit. "Ready offline" is not announced with
 * a banner: it would shift the page on every first visit for news that asks nothing of the user.
 */
import { useSyncExternalStore } from 'react'
import { appUpdateState, applyAppUpdate, setAppUpdate, subscribeAppUpdate } from './app-update.js'

export function UpdateNotice() {
  const { needRefresh } = useSyncExternalStore(subscribeAppUpdate, appUpdateState)
  if (!needRefresh) return null
  return (
    <div className="banner" role="status" data-testid="update-notice">
      A new version is ready.
      <button type="button" className="link-button" onClick={() => void applyAppUpdate()}>
        Reload
      </button>
      <button type="button" className="link-button" onClick={() => setAppUpdate({ needRefresh: false })}>
        Later
      </button>
    </div>
  )
}
