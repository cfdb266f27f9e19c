/**
 * Which files are a bibliography or a citation style: the one list behind opening, dropping and
 * loading them in the Bibliography dialog, as citations/format.ts reads them (the name's
 * extension tells the format: BibTeX `.bib`, CSL-JSON `.json`, CSL-YAML `.yaml`, CSL `.csl`).
 */
export const BIBLIOGRAPHY_EXTENSIONS = ['.bib', '.bibtex', '.json', '.yaml', '.yml'] as const
export const STYLE_EXTENSIONS = ['.csl'] as const

export type CitationFileKind = 'bibliography' | 'style'

/** What a file is by its name, or undefined when it is neither. */
export function citationFileKind(name: string): CitationFileKind | undefined {
  const lower = name.toLowerCase()
  if (STYLE_EXTENSIONS.some((extension) => lower.endsWith(extension))) return 'style'
  if (BIBLIOGRAPHY_EXTENSIONS.some((extension) => lower.endsWith(extension))) return 'bibliography'
  return undefined
}

/** The MIME type a stored file gets (its bytes are read back as UTF-8 text either way). */
export function citationFileType(name: string): string {
  const lower = name.toLowerCase()
  if (lower.endsWith('.json')) return 'application/json'
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'application/yaml'
  if (lower.endsWith('.csl')) return 'application/vnd.citationstyles.style+xml'
  return 'application/x-bibtex'
}
