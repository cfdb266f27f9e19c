/**
 * The most cells an HTML table may have to become a Word table, as for a Markdown table
 * (guards/guard.ts MAX_TABLE_CELLS): a generated 5 000 × 100 table took 50 s and 2.8 GB to
 * compile. A larger one is written as lines of text, a row a line, with a message. Here, below
 * both, because the compiler degrades such a table and the preview says it will.
 */
export const MAX_HTML_TABLE_CELLS = 100_000
