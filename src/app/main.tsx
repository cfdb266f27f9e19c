/**
 * The app's entry: mounts the React shell.
 *
 * The app is imported only after ../editor/scheduling.ts has run: CodeMirror reads the browser
 * API that module hides when its own modules are evaluated, and a static import would evaluate
 * them (in their shared chunk) before any code of this one.
 */
import '../editor/scheduling.js'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './app.css'
import '../preview/preview.css'
import './layout.css'
import './dialogs.css'
import './word-page.css'
import './print.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// The service worker (offline, installable): built apps only — not the dev server, which has no
// worker to serve (import.meta.hot is there in dev only; not import.meta.env.PROD, which is false
// in a build made under NODE_ENV=test, as the e2e tests' is). Its registration is a module of its
// own: no inline script under the CSP.
if (!import.meta.hot && 'serviceWorker' in navigator) void import('./service-worker.js')
const { App } = await import('./App.js')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
