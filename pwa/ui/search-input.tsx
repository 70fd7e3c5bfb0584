import { SearchIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "./input.tsx";

/** A search box with its magnifier inside; `className` places the wrapper, the rest goes to the input. */
export function SearchInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <div className={className ? `relative ${className}` : "relative"}>
      <SearchIcon className="absolute top-3.5 left-3 size-4 text-muted-foreground" aria-hidden />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
