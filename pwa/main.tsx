import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AuthProvider } from "@/app/auth/auth-context.tsx";
import { UpdatePrompt } from "@/app/pwa/update-prompt.tsx";
import { createRouter } from "@/app/router.tsx";
import { createQueryClient } from "@/lib/query-client.ts";

// Toasts appear only after an action, so their code loads after the first paint.
const Toaster = lazy(() => import("@/app/toaster.tsx"));
const queryClient = createQueryClient();
const router = createRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
        <UpdatePrompt />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
