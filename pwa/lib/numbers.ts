// One formatter for the app: toLocaleString builds a new one at every call, which on a slow
// tablet costs about a millisecond (the status line counts rows at every page of a first sync).
const counts = new Intl.NumberFormat("en-US");

/** "12,400". */
export const formatCount = (n: number) => counts.format(n);
