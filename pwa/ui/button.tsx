import { cva, type VariantProps } from "class-variance-authority";
import { type ComponentProps, cloneElement, isValidElement, type ReactElement } from "react";
import { cn } from "@/lib/cn.ts";

export const buttonVariants = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-strong",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "",
        sm: "px-3 text-xs",
        lg: "min-h-12 px-6 text-base",
        icon: "size-11 px-0",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
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
  const merged: ChildProps = { ...props, ...own, className: cn(className, own.className) };
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
