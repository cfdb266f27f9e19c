/**
 * The prefix the sanitiser gives every `id` and `name` in the preview, so `<img name="cookie">`
 * cannot shadow `document.cookie`. Its own module so the page can use it without the schema
 * (and the highlighter and MathML tables the schema pulls in).
 */
export const CLOBBER_PREFIX = 'user-content-'
