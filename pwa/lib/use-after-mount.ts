import { startTransition, useEffect, useState } from "react";

/**
 * False in the commit that mounts the component, true from a transition right after it.
 *
 * For Radix's menus: their anchor sets state from its ref callback. React makes that update
 * synchronously at the end of the commit that mounts the anchor, and runs every passive effect of
 * that commit first, in the commit's own task. In the commit that brings the app in after the PIN,
 * those were the whole first screen's (its live queries, its search worker): 40-70 ms more in the
 * longest task of a traced first sync on a 4x slower tablet. A commit later, the update finds the
 * menu's own effects alone.
 */
export function useAfterMount(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted;
}
