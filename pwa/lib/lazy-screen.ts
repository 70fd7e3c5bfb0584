import { type ComponentType, lazy } from "react";
import { importWhenOnline } from "./when-online.ts";

/** `React.lazy` whose chunk is fetched again when the connection was lost (see importWhenOnline). */
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => importWhenOnline(load));
}
