/** The version printed by `markdocx --version` (kept equal to package.json's by a test). */
export const VERSION = '0.1.0'
