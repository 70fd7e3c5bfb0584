import { lazy, type ReactNode, Suspense } from "react";
import { AppErrorBoundary } from "@/app/layout/page-error-boundary.tsx";
import { AuthProvider } from "@/shared/auth/auth-context.tsx";

// Toasts appear only after an action, so their code loads after the first paint.
const Toaster = lazy(() => import("@/ui/toaster.tsx"));

/**
 * What every page of the app sits in: the last-resort error screen, the session and the toasts.
 * main.tsx puts the router inside; the component tests do the same (pwa/test/render.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </AuthProvider>
    </AppErrorBoundary>
  );
}
