/**
 * An accessibility audit with axe-core, run in the page as it stands. axe's source is
 * evaluated through the DevTools protocol (the app's CSP allows no inline script, and none is
 * needed). Serious and critical findings are returned, described well enough to fix.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
let source: string | undefined

interface Finding {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/** axe's serious and critical violations on the page now (`within`: a selector to audit alone). */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object')
  if (!loaded) await page.evaluate(source)
  const findings = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe
    const result = await axe.run(context ? { include: [context] } : document, { resultTypes: ['violations'] })
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }))
  }, within ?? null)
  return (findings as Finding[]).filter((finding) => finding.impact === 'serious' || finding.impact === 'critical').map((finding) => `${finding.impact} ${finding.id}: ${finding.help} — ${finding.targets.join(', ')}`)
}
