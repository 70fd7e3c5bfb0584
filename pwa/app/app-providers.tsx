import { type ReactNode, Suspense } from "react";
import { AppErrorBoundary } from "@/app/layout/page-error-boundary.tsx";
import { useToastsShown } from "@/app/lock/toasts-while-locked.ts";
import { lazyScreen } from "@/lib/lazy-screen.tsx";
import { AuthProvider } from "@/shared/auth/auth-context.tsx";

// Toasts appear only after an action, so their code loads after the first paint.
const Toaster = lazyScreen(() => import("@/ui/toaster.tsx"));

/**
 * What every page of the app sits in: the last-resort error screen, the session and the toasts
 * (none while the device is locked).
 * main.tsx puts the router inside; the component tests do the same (pwa/test/render.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const toastsShown = useToastsShown();
  return (
    <AppErrorBoundary>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>{toastsShown && <Toaster />}</Suspense>
      </AuthProvider>
    </AppErrorBoundary>
  );
}
