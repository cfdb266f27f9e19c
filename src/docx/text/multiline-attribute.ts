/**
 * Workaround: an XML attribute value that keeps its line breaks and tabs.
 *
 * A reader normalises a literal newline or tab inside an attribute value to a space (XML 1.0
 * §3.3.3), so alt text written as docx writes it — `descr="line 1⏎line 2"` — reads back as one
 * line; Word itself writes `&#xA;`. docx escapes `&"'<>` in string values only and writes any
 * other value through `String()` as it is, so the value is handed over as an object whose text
 * is the escaped value with its breaks as character references. Only the alt text of diagrams
 * (their code) uses it; tests/docx/handlers/diagram.test.ts reads the breaks back, so a docx
 * release that writes values otherwise is caught there.
 */
import { xmlSafe } from './text.js'

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;', '\n': '&#xA;', '\t': '&#x9;' }

class EscapedValue {
  constructor(private readonly escaped: string) {}

  toString(): string {
    return this.escaped
  }
}

/** `value` for a docx attribute option typed as a string, its line breaks and tabs kept. */
export function multilineAttribute(value: string): string {
  const safe = xmlSafe(value.replace(/\r\n?/g, '\n')).text
  if (!/[\n\t]/.test(safe)) return safe
  return new EscapedValue(safe.replace(/[&"'<>\n\t]/g, (char) => ESCAPES[char]!)) as unknown as string
}
