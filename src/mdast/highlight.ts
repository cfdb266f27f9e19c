/**
 * Code highlighting shared by the preview and the export: highlight.js grammars (through
 * lowlight) split a code block into tokens, each named with pandoc's token types (KeywordTok,
 * StringTok, CommentTok…). Word gets one character style per type, so a template can restyle
 * them, and the preview gets pandoc's short class names (`kw`, `st`, `co`…) with the same
 * colours, so what one sees is what one exports.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'
import dockerfile from 'highlight.js/lib/languages/dockerfile'
import latex from 'highlight.js/lib/languages/latex'
import powershell from 'highlight.js/lib/languages/powershell'
import { common, createLowlight } from 'lowlight'
import { TextCache } from './text-cache.js'

/** pandoc's token types (skylighting's), which are also the Word character style ids. */
export type TokenType =
  | 'KeywordTok'
  | 'ControlFlowTok'
  | 'DataTypeTok'
  | 'BuiltInTok'
  | 'ConstantTok'
  | 'DecValTok'
  | 'StringTok'
  | 'SpecialStringTok'
  | 'SpecialCharTok'
  | 'CommentTok'
  | 'DocumentationTok'
  | 'PreprocessorTok'
  | 'FunctionTok'
  | 'VariableTok'
  | 'AttributeTok'
  | 'OperatorTok'
  | 'ImportTok'
  | 'OtherTok'
  | 'InformationTok'
  | 'AlertTok'

export interface TokenStyle {
  /** pandoc's class name for the type in HTML (`kw` for KeywordTok). */
  className: string
  /** Colour, six hex digits, readable on white and on the code block's light grey. */
  color: string
  bold?: boolean
  italic?: boolean
  /** Background (diff additions and deletions). */
  background?: string
}

/**
 * Colours from GitHub's light theme: each has at least 4.5:1 contrast on white and on the
 * code block's F6F8FA, so code stays readable printed and on screen.
 */
export const TOKEN_STYLES: Readonly<Record<TokenType, TokenStyle>> = {
  KeywordTok: { className: 'kw', color: 'CF222E' },
  ControlFlowTok: { className: 'cf', color: 'CF222E' },
  ImportTok: { className: 'im', color: 'CF222E' },
  DataTypeTok: { className: 'dt', color: '953800' },
  BuiltInTok: { className: 'bu', color: '953800' },
  ConstantTok: { className: 'cn', color: '0550AE' },
  DecValTok: { className: 'dv', color: '0550AE' },
  StringTok: { className: 'st', color: '0A3069' },
  SpecialStringTok: { className: 'ss', color: '0A3069' },
  SpecialCharTok: { className: 'sc', color: '0550AE' },
  CommentTok: { className: 'co', color: '57606A', italic: true },
  DocumentationTok: { className: 'do', color: '57606A', italic: true, bold: true },
  PreprocessorTok: { className: 'pp', color: '8250DF' },
  FunctionTok: { className: 'fu', color: '8250DF' },
  VariableTok: { className: 'va', color: '953800' },
  AttributeTok: { className: 'at', color: '0550AE' },
  OperatorTok: { className: 'op', color: 'CF222E' },
  OtherTok: { className: 'ot', color: '116329' },
  InformationTok: { className: 'in', color: '116329', background: 'DAFBE1' },
  AlertTok: { className: 'al', color: '82071E', background: 'FFEBE9' },
}

/** highlight.js scopes → token types; a scope not listed takes its enclosing scope's type. */
const SCOPES: Readonly<Record<string, TokenType>> = {
  keyword: 'KeywordTok',
  'selector-tag': 'KeywordTok',
  name: 'KeywordTok',
  section: 'KeywordTok',
  type: 'DataTypeTok',
  'title.class': 'DataTypeTok',
  'title.class.inherited': 'DataTypeTok',
  built_in: 'BuiltInTok',
  literal: 'ConstantTok',
  symbol: 'ConstantTok',
  'variable.constant': 'ConstantTok',
  number: 'DecValTok',
  string: 'StringTok',
  quote: 'StringTok',
  code: 'StringTok',
  regexp: 'SpecialStringTok',
  'char.escape': 'SpecialCharTok',
  bullet: 'SpecialCharTok',
  comment: 'CommentTok',
  doctag: 'DocumentationTok',
  meta: 'PreprocessorTok',
  title: 'FunctionTok',
  'title.function': 'FunctionTok',
  'title.function.invoke': 'FunctionTok',
  variable: 'VariableTok',
  'variable.language': 'KeywordTok',
  'template-variable': 'VariableTok',
  property: 'VariableTok',
  'selector-id': 'VariableTok',
  'selector-class': 'VariableTok',
  attr: 'AttributeTok',
  attribute: 'AttributeTok',
  'selector-attr': 'AttributeTok',
  'selector-pseudo': 'AttributeTok',
  operator: 'OperatorTok',
  link: 'OtherTok',
  addition: 'InformationTok',
  deletion: 'AlertTok',
}

export interface Token {
  text: string
  /** Undefined for plain text (pandoc's NormalTok). */
  type?: TokenType
}

/** Longest code block highlighted, in characters; longer ones stay plain (highlighting is not linear everywhere). */
export const MAX_HIGHLIGHT_LENGTH = 100_000

const lowlight = createLowlight(common)
lowlight.register({ dockerfile, latex, powershell })

/** Aliases people write after ``` that highlight.js does not know by that name. */
const ALIASES: Readonly<Record<string, string>> = { 'c++': 'cpp', golang: 'go', sh: 'bash', zsh: 'bash', console: 'shell', shellsession: 'shell', yml: 'yaml', jsonc: 'json', json5: 'json', patch: 'diff', docker: 'dockerfile', ps1: 'powershell', tex: 'latex', vue: 'xml', svg: 'xml' }

/** The grammar name for an info-string language (`js`, `C#`, `py`…), or undefined when none fits. */
export function highlightLanguage(lang: string | null | undefined): string | undefined {
  if (!lang) return undefined
  const name = lang.trim().toLowerCase().replace(/^\{?\.?/, '').replace(/\}$/, '')
  if (name === '' || name === 'text' || name === 'plaintext' || name === 'txt') return undefined
  const resolved = ALIASES[name] ?? name
  return lowlight.registered(resolved) ? resolved : undefined
}

/**
 * The tokens of a code block in `lang`, in order; their texts joined give back `code` exactly.
 * Unknown languages, no language and very long blocks give one plain token. Highlighted tokens
 * are kept by their code and language and handed to every caller alike, so they are frozen: copy
 * them to change them.
 */
export function highlightTokens(code: string, lang: string | null | undefined): readonly Token[] {
  const language = highlightLanguage(lang)
  if (!language || code.length > MAX_HIGHLIGHT_LENGTH || code === '') return code === '' ? [] : [{ text: code }]
  const key = `${language}\u0000${code}`
  const known = highlighted.get(key)
  if (known) return known
  // Token texts are cut from the key, so a cached entry holds one copy of its code.
  const tokens = Object.freeze(tokenize(key, language.length + 1, language))
  highlighted.set(key, tokens)
  return tokens
}

/** Tokens by language and code (see text-cache.ts): about 20 bytes a character, so ≤ 20 MB. */
const highlighted = new TextCache<readonly Token[]>(1_000_000)

/** The tokens of `source` from `from` on (the code), frozen: they are shared through the cache. */
function tokenize(source: string, from: number, language: string): Token[] {
  const code = source.slice(from)
  let tree: Root
  try {
    tree = lowlight.highlight(language, code)
  } catch {
    return [Object.freeze({ text: code })]
  }
  // Runs of one type as offsets into `source`, cut once at the end (no string concatenation).
  const spans: Array<{ start: number; end: number; type: TokenType | undefined }> = []
  let at = from
  const walk = (nodes: Array<RootContent | ElementContent>, inherited: TokenType | undefined) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        if (node.value === '') continue
        const previous = spans[spans.length - 1]
        if (previous && previous.type === inherited) previous.end += node.value.length
        else spans.push({ start: at, end: at + node.value.length, type: inherited })
        at += node.value.length
      } else if (node.type === 'element') {
        const own = tokenType(node)
        // `#include` is one preprocessor line, not a keyword inside one.
        walk(node.children, inherited === 'PreprocessorTok' && own === 'KeywordTok' ? inherited : (own ?? inherited))
      }
    }
  }
  walk(tree.children, undefined)
  // highlight.js gives back every character of the code, in order; if it ever did not, the
  // code stays plain rather than lose or repeat text.
  if (at !== source.length) return [Object.freeze({ text: code })]
  return spans.map(({ start, end, type }) => Object.freeze(type ? { text: source.slice(start, end), type } : { text: source.slice(start, end) }))
}

/** Token types by class list: a handful of class lists make up every token of every block. */
const typesByClasses = new Map<string, TokenType | null>()

/** `hljs-title function_` → scope `title.function` → FunctionTok. */
function tokenType(element: Element): TokenType | undefined {
  const classes = (element.properties.className as string[] | undefined) ?? []
  const key = classes.join(' ')
  let type = typesByClasses.get(key)
  if (type === undefined) {
    type = scopeType(classes) ?? null
    typesByClasses.set(key, type)
  }
  return type ?? undefined
}

function scopeType(classes: readonly string[]): TokenType | undefined {
  const base = classes.find((name) => name.startsWith('hljs-'))
  if (!base) return undefined
  const suffixes = classes.filter((name) => !name.startsWith('hljs-')).map((name) => name.replace(/_+$/, ''))
  for (let length = suffixes.length; length >= 0; length--) {
    const scope = [base.slice(5), ...suffixes.slice(0, length)].join('.')
    const type = SCOPES[scope]
    if (type) return type
  }
  return undefined
}

/**
 * The code as hast for the preview: a span per token with pandoc's class (`<span class="kw">`),
 * plain text between. Pair it with `highlightCss()`.
 */
export function highlightHast(code: string, lang: string | null | undefined): ElementContent[] {
  return highlightTokens(code, lang).map((token) =>
    token.type ? { type: 'element', tagName: 'span', properties: { className: [TOKEN_STYLES[token.type].className] }, children: [{ type: 'text', value: token.text }] } : { type: 'text', value: token.text },
  )
}

/** CSS for `highlightHast`'s classes inside `scope` (e.g. `.preview pre code`), the colours Word uses. */
export function highlightCss(scope: string): string {
  return Object.values(TOKEN_STYLES)
    .map((style) => {
      const rules = [`color:#${style.color}`]
      if (style.bold) rules.push('font-weight:bold')
      if (style.italic) rules.push('font-style:italic')
      if (style.background) rules.push(`background:#${style.background}`)
      return `${scope} span.${style.className}{${rules.join(';')}}`
    })
    .join('\n')
}
