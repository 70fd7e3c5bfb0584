import "./styles.css";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AuthProvider } from "@/app/auth/auth-context.tsx";
import { UpdatePrompt } from "@/app/pwa/update-prompt.tsx";
import { AppRoutes } from "@/app/router.tsx";

// Toasts appear only after an action, so their code loads after the first paint.
const Toaster = lazy(() => import("@/app/toaster.tsx"));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AuthProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <UpdatePrompt />
    </AuthProvider>
  </StrictMode>,
);
