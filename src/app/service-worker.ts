/**
 * Registers the service worker (vite-plugin-pwa's generated Workbox worker, see vite.config.ts)
 * from a module, not an inline script: the Content-Security-Policy allows scripts from the app's
 * own files only. Loaded by main.tsx in production builds only (dev serves no worker).
 */
import { registerSW } from 'virtual:pwa-register'
import { setAppUpdate, setApplyUpdate } from './app-update.js'

const update = registerSW({
  immediate: true,
  onNeedRefresh: () => setAppUpdate({ needRefresh: true }),
  onOfflineReady: () => setAppUpdate({ offlineReady: true }),
  // A failed registration (a file:// page, a browser without service workers) leaves the app working online, as before.
  onRegisterError: () => undefined,
})
setApplyUpdate(() => update(true))
