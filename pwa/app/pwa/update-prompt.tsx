import { useRegisterSW } from "virtual:pwa-register/react";
import { RefreshCwIcon } from "lucide-react";
import { Button } from "@/ui/button.tsx";

const HOUR = 60 * 60 * 1000;

/**
 * Registers the service worker. A new version waits until the clinician chooses to reload,
 * so nothing typed is lost mid-edit. Installed apps stay open for days: check hourly.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => {}), HOUR);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg border bg-background p-4 shadow-lg md:right-4 md:left-auto"
    >
      <RefreshCwIcon className="size-5 text-primary" aria-hidden />
      <p className="flex-1 text-sm">A new version of Stepwise is ready.</p>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      </div>
    </div>
  );
}
