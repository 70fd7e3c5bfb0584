/**
 * Orders two strings by their code points: ISO times, ids. Not localeCompare, whose first call on a
 * page builds ICU's collator (13–30 ms at full speed, four times that on a mid-range tablet) for
 * text whose order has nothing to do with a language.
 */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// Letters, digits and spaces: the collator orders these as their lower-case code points do.
const PLAIN = /^[A-Za-z0-9 ]*$/;

/**
 * Orders names (people's, usernames) as localeCompare does, without building ICU's collator for
 * the plain ones (Manage Patients sorts its rows at its first render): the collator only decides
 * names with other characters (accents, punctuation).
 */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  if (PLAIN.test(a) && PLAIN.test(b)) {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    if (x !== y) return x < y ? -1 : 1;
    // Equal but for case (two patients of the same name are common): the first letter whose case
    // differs decides, lower case first, where code points put upper case first.
    return a < b ? 1 : -1;
  }
  return a.localeCompare(b);
}
