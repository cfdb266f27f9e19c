/**
 * A change to a document's text, as the editor makes it and the worker replays it: shared by
 * the editor, the worker protocol and storage, so it lives below all three.
 */

/** One replacement in the text: [from, to) becomes `insert`. In a list, each applies to the text the previous one left. */
export type TextEdit = readonly [from: number, to: number, insert: string]
