/** Documents up to this many characters get their messages checked automatically while typing. */
export const AUTO_CHECK_LIMIT = 300_000
