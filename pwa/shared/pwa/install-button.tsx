import { DownloadIcon } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button } from "@/ui/button.tsx";

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

// The browser offers installation once per page load, so the offer is kept here for every button that shows it.
let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const setOffer = (next: BeforeInstallPromptEvent | null) => {
  offer = next;
  for (const listener of listeners) listener();
};
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (e) => {
    e.preventDefault();
    setOffer(e as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => setOffer(null));
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether the browser offers installation right now (Chromium's beforeinstallprompt). */
const useInstallOffer = () =>
  useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );

/** Shown only where the browser offers installation. */
export function InstallButton({ label = "Install app" }: { label?: string }) {
  const current = useInstallOffer();
  if (!current) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={async () => {
        await current.prompt();
        await current.userChoice;
        setOffer(null);
      }}
    >
      <DownloadIcon aria-hidden />
      <span className="hidden sm:inline">{label}</span>
      <span className="sm:hidden">Install</span>
    </Button>
  );
}
