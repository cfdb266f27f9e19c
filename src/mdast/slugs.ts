/**
 * GitHub-style heading slugs, shared by the preview (element ids) and the export (bookmarks),
 * so `[see](#my-heading)` resolves the same way in both. A heading with an explicit id
 * (`# Title {#intro}`, heading-attributes.ts) takes that id instead, as in pandoc.
 */
import GithubSlugger from 'github-slugger'
import type { Heading, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { walk } from './walk.js'

/** Slug of every heading in document order: the same text gets `-1`, `-2`… as on GitHub. */
export function headingSlugs(tree: Root): Map<Heading, string> {
  const headings: Heading[] = []
  walk(tree, (node) => {
    if (node.type === 'heading') headings.push(node as Heading)
  })
  return slugsOf(headings)
}

/** Slugs of headings given in document order (all of the document's, for the numbering to match). */
export function slugsOf(headings: readonly Heading[]): Map<Heading, string> {
  const slugger = new GithubSlugger()
  const slugs = new Map<Heading, string>()
  for (const heading of headings) slugs.set(heading, headingSlug(slugger, heading, toString(heading)))
  return slugs
}

/** A heading's slug: its explicit id, or the next slug of its text. */
export function headingSlug(slugger: GithubSlugger, heading: Heading, text: string): string {
  return heading.data?.attributes?.id ?? slugger.slug(text)
}
