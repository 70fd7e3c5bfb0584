import { DropdownMenu as MenuPrimitive, Slot } from "radix-ui";
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { cn } from "@/lib/cn.ts";
import { whenIdle } from "@/lib/when-idle.ts";
import { openedOnceRoot, useOpenedOnce } from "./opened-once.tsx";

// Radix's menu, mounted, asks React for synchronous re-renders from its commit: its anchor sets
// state from a ref callback, its closed content's Presence from a layout effect. In the commit of a
// whole screen (the app's frame after the PIN), React then ran every passive effect of the screen in
// the commit's task. So the menu mounts in a moment of its own, once the page is idle, and its
// content when first opened (opened-once.tsx); until then its button, enabled and alike, opens it
// at a tap or a key.
interface MenuState {
  armed: boolean;
  /** Mounts the menu open (a tap or a key on the button before it mounted). */
  openNow: () => void;
  /** Whether the stand-in button had the focus as it left, to hand it to the menu's own button. */
  focused: RefObject<boolean>;
}
const MenuStateContext = createContext<MenuState | null>(null);

function ArmedRoot({ open = false, onOpenChange, children, ...rest }: ComponentProps<typeof MenuPrimitive.Root>) {
  const [armed, setArmed] = useState(open);
  if (open && !armed) setArmed(true);
  const focused = useRef(false);
  useEffect(() => {
    if (armed) return;
    let current = true;
    void whenIdle().then(() => current && startTransition(() => setArmed(true)));
    return () => {
      current = false;
    };
  }, [armed]);
  const openNow = useCallback(() => onOpenChange?.(true), [onOpenChange]);
  return (
    <MenuStateContext value={{ armed, openNow, focused }}>
      {armed ? (
        <MenuPrimitive.Root {...rest} open={open} onOpenChange={onOpenChange}>
          {children}
        </MenuPrimitive.Root>
      ) : (
        children
      )}
    </MenuStateContext>
  );
}

export const DropdownMenu = openedOnceRoot(ArmedRoot);

export function DropdownMenuTrigger(props: ComponentProps<typeof MenuPrimitive.Trigger>) {
  const menu = useContext(MenuStateContext);
  const focused = menu?.focused;
  const handOver = useCallback(
    (node: HTMLButtonElement | null) => {
      if (!node || !focused?.current) return;
      focused.current = false;
      node.focus();
    },
    [focused],
  );
  if (!menu || menu.armed) return <MenuPrimitive.Trigger ref={handOver} {...props} />;
  return <StandInTrigger menu={menu} {...props} />;
}

/** The menu's button before the menu mounted: it opens it as Radix's trigger would, on a press (which does not focus it) or a key. */
function StandInTrigger({
  menu,
  asChild,
  ...props
}: ComponentProps<typeof MenuPrimitive.Trigger> & { menu: MenuState }) {
  const button = useRef<HTMLButtonElement>(null);
  // Read as it leaves (before it leaves the page, which may blur it): the menu's button takes the focus over.
  useLayoutEffect(
    () => () => {
      menu.focused.current = button.current !== null && document.activeElement === button.current;
    },
    [menu.focused],
  );
  const Button = asChild ? Slot.Root : "button";
  const press = (event: PointerEvent<HTMLButtonElement>) => {
    if (props.disabled || event.button !== 0 || event.ctrlKey) return;
    event.preventDefault();
    menu.openNow();
  };
  const key = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (props.disabled || !["Enter", " ", "ArrowDown"].includes(event.key)) return;
    event.preventDefault();
    menu.openNow();
  };
  return (
    <Button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      onPointerDown={press}
      onKeyDown={key}
    />
  );
}

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  if (!useOpenedOnce()) return null;
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 min-w-48 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md animate-in",
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}
export function DropdownMenuItem({
  className,
  destructive,
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { destructive?: boolean }) {
  return (
    <MenuPrimitive.Item
      className={cn(
        "relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-sm px-3 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4",
        destructive && "text-destructive focus:bg-destructive/10 focus:text-destructive",
        className,
      )}
      {...props}
    />
  );
}
export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn("px-3 py-2 text-sm font-semibold", className)} {...props} />;
}
export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}
