import { useId as useReactId } from "react";

/**
 * Stands in for `@radix-ui/react-id` (vite.config.ts points every Radix import of it here). Radix's
 * own copy keeps React's id in state and sets it again from a layout effect, for Reacts without
 * `useId`. React drops that same-value update without scheduling it, at the synchronous priority of
 * a layout effect, but keeps it in the hook's queue; the next render in a transition (a screen's
 * rows arriving, a navigation) skips it as too urgent to take and marks it pending. So after that
 * commit React rendered synchronously once more, first running every passive effect of the screen
 * (its store subscriptions, its search worker) in the commit's task: once for each Radix dialog,
 * menu, popover and tab set on the screen. React's id needs none of it.
 */
export function useId(deterministicId?: string): string {
  const id = useReactId();
  return deterministicId || `radix-${id}`;
}
