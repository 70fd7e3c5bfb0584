import { type ComponentType, createContext, useCallback, useContext, useState } from "react";

// A Radix portal holds a Presence that, mounted while its dialog is closed, still asks React for a
// synchronous re-render from its layout effect. React then runs the whole screen's passive effects
// (its store subscriptions, its search worker) in the same task as the commit: Chat History, with a
// dozen closed dialogs, committed in one task of 150–190 ms on a tablet-speed CPU. So a dialog's
// portal mounts when the dialog first opens, and stays for its closing animation and later opens.
const OpenedOnce = createContext(true);

/** Whether the dialog around has ever been open: its content renders nothing until then. */
export const useOpenedOnce = () => useContext(OpenedOnce);

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?(open: boolean): void;
}

/** A Radix root (Dialog, AlertDialog, DropdownMenu) that tells its content whether it has been open yet. */
export function openedOnceRoot<P extends RootProps>(Root: ComponentType<P>) {
  return function DialogRoot({ open: given, defaultOpen = false, onOpenChange, ...rest }: P) {
    const [own, setOwn] = useState(defaultOpen);
    const open = given ?? own;
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    const change = useCallback(
      (next: boolean) => {
        setOwn(next);
        onOpenChange?.(next);
      },
      [onOpenChange],
    );
    return (
      <OpenedOnce value={opened}>
        <Root {...(rest as unknown as P)} open={open} onOpenChange={change} />
      </OpenedOnce>
    );
  };
}
