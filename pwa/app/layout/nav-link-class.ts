import { clsx } from "clsx";

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground",
    isActive ? "text-primary" : "text-foreground/80",
  );
