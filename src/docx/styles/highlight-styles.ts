/**
 * The character styles of highlighted code, one per pandoc token type (KeywordTok,
 * StringTok…), based on Verbatim Char as in pandoc's reference.docx, so a template made for
 * pandoc restyles our code too. Colours come from the table the preview uses.
 */
import { TOKEN_STYLES, type TokenType } from '../../mdast/highlight.js'

/** A character style definition, in the shape styles.ts writes. */
export interface TokenStyleDefinition {
  type: 'character'
  id: TokenType
  name: TokenType
  basedOn: 'VerbatimChar'
  uiPriority: number
  rPr: { color: string; bold?: boolean; italic?: boolean; shade: string }
}

/** `<kbd>`: a key name, monospace on a light key-cap grey (Verbatim Char with its own shade). */
export interface KeyboardStyleDefinition {
  type: 'character'
  id: 'Keyboard'
  name: 'Keyboard'
  basedOn: 'VerbatimChar'
  uiPriority: number
  rPr: { shade: string; bold: boolean }
}

export function tokenStyleDefinitions(): Array<TokenStyleDefinition | KeyboardStyleDefinition> {
  const keyboard: KeyboardStyleDefinition = { type: 'character', id: 'Keyboard', name: 'Keyboard', basedOn: 'VerbatimChar', uiPriority: 99, rPr: { shade: 'E6E8EB', bold: false } }
  return [...tokens(), keyboard]
}

function tokens(): TokenStyleDefinition[] {
  return (Object.keys(TOKEN_STYLES) as TokenType[]).map((id) => {
    const style = TOKEN_STYLES[id]
    return {
      type: 'character',
      id,
      name: id,
      basedOn: 'VerbatimChar',
      uiPriority: 99,
      rPr: {
        color: style.color,
        ...(style.bold ? { bold: true } : {}),
        ...(style.italic ? { italic: true } : {}),
        // Verbatim Char shades inline code; inside a code block that would patch the block's
        // own shading, so tokens clear it (or carry their own, for diff lines).
        shade: style.background ?? 'auto',
      },
    }
  })
}
