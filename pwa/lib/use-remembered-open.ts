import { useCallback, useState } from "react";

const keyOf = (name: string) => `stepwise.open.${name}`;

/** Whether a collapsible section is open, remembered on this device (a layout choice, nothing private). */
export function useRememberedOpen(name: string, initial = false): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => {
    try {
      const saved = localStorage.getItem(keyOf(name));
      return saved === null ? initial : saved === "true";
    } catch {
      return initial;
    }
  });
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      try {
        localStorage.setItem(keyOf(name), String(next));
      } catch {}
    },
    [name],
  );
  return [open, setOpen];
}
