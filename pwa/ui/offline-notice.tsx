import { WifiOffIcon } from "lucide-react";
import type { ReactNode } from "react";

/** Says an online-only action needs a connection; shown while the device is offline. */
export function OfflineNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
      <WifiOffIcon className="size-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}
