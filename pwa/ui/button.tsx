import { clsx } from "clsx";
import { type ComponentProps, cloneElement, isValidElement, type ReactElement } from "react";

/** The button's look; its classes live in styles.css's components layer, so a caller's utilities win. */
export interface ButtonVariants {
  variant?: "default" | "destructive" | "outline" | "secondary" | "ghost" | "link" | null;
  size?: "default" | "sm" | "lg" | "icon" | null;
}

export const buttonVariants = ({ variant, size }: ButtonVariants = {}) =>
  clsx("btn", `btn-${variant ?? "default"}`, size && size !== "default" && `btn-${size}`);

export interface ButtonProps extends ComponentProps<"button">, ButtonVariants {
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = clsx(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement(children)) return <AsChild element={children} className={classes} props={props} />;
  return (
    <button className={classes} type={type ?? "button"} {...props}>
      {children}
    </button>
  );
}

type ChildProps = Record<string, unknown> & { className?: string };

/**
 * The child (a link, say) with the button's props, its own winning; handlers of both run. A few
 * lines instead of Radix Slot, which would put Radix in the landing page's first load.
 */
function AsChild({ element, className, props }: { element: ReactElement; className: string; props: ChildProps }) {
  const own = element.props as ChildProps;
  const merged: ChildProps = { ...props, ...own, className: clsx(className, own.className) };
  for (const key of Object.keys(props)) {
    const outer = props[key];
    const inner = own[key];
    if (/^on[A-Z]/.test(key) && typeof outer === "function" && typeof inner === "function") {
      merged[key] = (...args: unknown[]) => {
        inner(...args);
        outer(...args);
      };
    }
  }
  return cloneElement(element, merged);
}
