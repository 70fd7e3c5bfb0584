import "./styles.css";
import { StrictMode, Suspense, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "@/app/app-providers.tsx";
import { AppRoutes } from "@/app/router.tsx";
import { openDeviceOnSignIn } from "@/app/sync/open-on-sign-in.ts";
import { lazyScreen } from "@/lib/lazy-screen.tsx";

// The service worker's registration (and workbox-window) is not needed to paint the first page: it loads after.
const UpdatePrompt = lazyScreen(() => import("@/app/pwa/update-prompt.tsx").then((m) => ({ default: m.UpdatePrompt })));

openDeviceOnSignIn();

// Sets up the fonts of the app's type scale in idle time, before the screens that use them mount.
void import("@/app/warm-type.ts").then(({ warmTypeScale }) => warmTypeScale());

// The first render as a transition: React renders it in slices between the browser's other work,
// not in one task that, on a slow phone, blocks input while a signed-in screen mounts.
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      </AppProviders>
    </StrictMode>,
  ),
);
