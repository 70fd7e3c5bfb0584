import { useId as useReactId } from "react";

/**
 * Stands in for `@radix-ui/react-id` (vite.config.ts points every Radix import of it here). Radix's
 * own copy keeps React's id in state and sets it again from a layout effect, for Reacts without
 * `useId`. React drops that same-value update without scheduling it, but keeps it in the hook's
 * queue at the synchronous priority of a layout effect. The next render in a transition (a screen's
 * rows arriving, a navigation) does not take that priority, so it left the update pending, and
 * after that commit React rendered synchronously once more, first running every passive effect of
 * the screen (its store subscriptions, its search worker) in the commit's task. Every screen with a
 * Radix dialog, menu, popover or tab set paid it. React's id needs none of it.
 */
export function useId(deterministicId?: string): string {
  const id = useReactId();
  return deterministicId || `radix-${id}`;
}
