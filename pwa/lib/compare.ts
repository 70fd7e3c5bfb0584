/**
 * Orders two strings by their code points: ISO times, ids, usernames. Not localeCompare, whose
 * first call on a page builds ICU's collator (13–30 ms on a fast machine, four times that on a
 * mid-range tablet) for text whose order has nothing to do with a language. Names keep localeCompare.
 */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
