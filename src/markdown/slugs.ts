/**
 * GitHub-style heading slugs, shared by the preview (element ids) and the export (bookmarks),
 * so `[see](#my-heading)` resolves the same way in both.
 */
import GithubSlugger from 'github-slugger'
import type { Heading, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { visit } from 'unist-util-visit'

/** Slug of every heading in document order: the same text gets `-1`, `-2`… as on GitHub. */
export function headingSlugs(tree: Root): Map<Heading, string> {
  const slugger = new GithubSlugger()
  const slugs = new Map<Heading, string>()
  visit(tree, 'heading', (node) => {
    slugs.set(node, slugger.slug(toString(node)))
  })
  return slugs
}
