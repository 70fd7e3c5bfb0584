import "./styles.css";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "@/app/app-providers.tsx";
import { AppRoutes } from "@/app/router.tsx";
import { lazyScreen } from "@/lib/lazy-screen.tsx";

// The service worker's registration (and workbox-window) is not needed to paint the first page: it loads after.
const UpdatePrompt = lazyScreen(() => import("@/app/pwa/update-prompt.tsx").then((m) => ({ default: m.UpdatePrompt })));

createRoot(document.getElementById("root")!).render(
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
);
