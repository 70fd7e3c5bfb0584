import "./styles.css";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppErrorBoundary } from "@/app/layout/page-error-boundary.tsx";
import { UpdatePrompt } from "@/app/pwa/update-prompt.tsx";
import { AppRoutes } from "@/app/router.tsx";
import { AuthProvider } from "@/shared/auth/auth-context.tsx";

// Toasts appear only after an action, so their code loads after the first paint.
const Toaster = lazy(() => import("@/ui/toaster.tsx"));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppErrorBoundary>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
        <UpdatePrompt />
      </AuthProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
