import { EyeIcon, EyeOffIcon } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { cn } from "@/lib/cn.ts";
import { Input } from "./input.tsx";

/** A password input with a show/hide toggle (Profile, Auth, and the device PIN: `secretName` "PIN"). */
export function PasswordInput({
  className,
  secretName = "password",
  ...props
}: Omit<ComponentProps<"input">, "type"> & { secretName?: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      {/* The text stops before the 48 px toggle, whatever size the caller gives the field. */}
      <Input type={shown ? "text" : "password"} className={cn(className, "pr-12")} {...props} />
      <button
        type="button"
        className="absolute inset-y-0 right-0 inline-flex w-12 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={`${shown ? "Hide" : "Show"} ${secretName}`}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? <EyeOffIcon className="size-4" aria-hidden /> : <EyeIcon className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
