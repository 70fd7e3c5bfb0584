import { type ComponentProps, type ComponentType, lazy, useState } from "react";
import { importWhenOnline } from "./when-online.ts";

export type LazyScreen<T extends ComponentType<any>> = ComponentType<ComponentProps<T>> & {
  /** Fetches and runs the screen's chunk now, once; a failed fetch may be tried again. */
  preload(): Promise<unknown>;
};

/**
 * `React.lazy` whose chunk is fetched again when the connection was lost (see importWhenOnline),
 * and which can be fetched before it is shown (`preload`). Once its chunk has run, a screen shown
 * afresh renders at once: `React.lazy` would still suspend it for a tick, and a navigation that
 * suspends keeps the last screen on for longer (drawing, on a slow tablet, a frame or two more of it).
 */
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyScreen<T> {
  let loading: Promise<{ default: T }> | undefined;
  let loaded: T | undefined;
  const preload = () => {
    loading ??= importWhenOnline(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload) as unknown as ComponentType<ComponentProps<T>>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, at module level, as React.lazy makes its own
  function Screen(props: ComponentProps<T>) {
    // Decided once per mount: switching from Lazy to the loaded component would mount the screen again.
    const [Loaded] = useState(() => loaded as ComponentType<ComponentProps<T>> | undefined);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { preload });
}
