/**
 * "12,400": a count with en-US thousands separators. Written out rather than Intl.NumberFormat: a
 * page's first Intl formatter loads ICU's data, 23 ms at full speed on the signed-in layout's first
 * render (about 90 ms on a mid-range tablet), for commas.
 */
export const formatCount = (n: number) =>
  Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ",") : n.toLocaleString("en-US");
