/**
 * The Chromium (or Chrome, or Edge) installed on this machine, for drawing diagrams: never one
 * downloaded for markdocx. `CHROMIUM_PATH` names it; otherwise the usual names on the PATH and
 * the usual install places of Linux, macOS and Windows are tried.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

export type ChromiumSearch = { ok: true; path: string } | { ok: false; reason: string }

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome', 'microsoft-edge', 'microsoft-edge-stable']

function places(env: NodeJS.ProcessEnv): string[] {
  const windows = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((dir): dir is string => Boolean(dir))
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ...windows.flatMap((dir) => [join(dir, 'Google', 'Chrome', 'Application', 'chrome.exe'), join(dir, 'Chromium', 'Application', 'chrome.exe'), join(dir, 'Microsoft', 'Edge', 'Application', 'msedge.exe')]),
  ]
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Where the browser is, or why none can be used. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumSearch {
  const given = env.CHROMIUM_PATH?.trim()
  if (given) return isExecutable(given) ? { ok: true, path: given } : { ok: false, reason: `CHROMIUM_PATH (${given}) is not an executable file` }
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean)
  const extensions = process.platform === 'win32' ? ['.exe', ''] : ['']
  for (const name of NAMES) {
    for (const dir of onPath) {
      for (const extension of extensions) {
        const path = join(dir, name + extension)
        if (isExecutable(path)) return { ok: true, path }
      }
    }
  }
  const found = places(env).find(isExecutable)
  return found ? { ok: true, path: found } : { ok: false, reason: 'no Chromium or Chrome was found (install one, or set CHROMIUM_PATH to it)' }
}
