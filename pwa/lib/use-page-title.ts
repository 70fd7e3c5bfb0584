import { useEffect } from "react";

/** Names the page in the tab and for screen readers: "<title> · Stepwise". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Stepwise` : "Stepwise";
  }, [title]);
}
