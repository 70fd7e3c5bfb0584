/**
 * Resolves when the page has time to spare, or after `timeoutMs` at the latest; where the browser
 * has no idle callback (Safari), after a short timer.
 */
export const whenIdle = (timeoutMs = 2_000) =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 200);
  });
