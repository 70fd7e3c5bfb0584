import { Suspense, useEffect, useState } from "react";
import { Navigate } from "react-router";
import { lazyScreen } from "@/lib/lazy-screen.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { Spinner } from "@/ui/spinner.tsx";

// The forms (their form library, tabs, schemas) are a chunk of their own: the page's heading and
// words are in the first load, so a phone paints the page whole but for its forms, a round trip sooner.
const SignInForms = lazyScreen(() => import("./sign-in-forms.tsx"));

/**
 * True once the page has painted. On a cold load the forms' chunks (70 KB) are asked for just
 * after the first paint, not while it is drawn: on a phone's link they would share its bandwidth
 * with the page's font. Opened from another page, the forms load at once.
 */
function usePainted() {
  const [painted, setPainted] = useState(() => performance.getEntriesByType("paint").length > 0);
  useEffect(() => {
    if (painted) return;
    const show = () => setPainted(true);
    const frame = requestAnimationFrame(() => setTimeout(show));
    // A tab opened in the background draws no frame until it is shown: its forms load meanwhile.
    const timer = setTimeout(show, 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

const formsLoading = (
  <div className="flex min-h-72 items-center justify-center">
    <Spinner className="size-6" label="Loading the sign-in form" />
  </div>
);

export default function AuthPage() {
  usePageTitle("Admin Access");
  const { user } = useAuth();
  const painted = usePainted();

  // Signed in (also right after login or registration, and at once on a device someone signed in on,
  // see AuthProvider); guards take a must-change-password user to Profile. Anyone else gets the form
  // at once, also while the session lookup runs: not after its round trip, a phone's slowest step.
  if (user) return <Navigate to="/chat-history" replace />;

  // ui/card.tsx's frame, written out: its class merging (tailwind-merge) is not in the first load.
  return (
    <div className="mx-auto w-full max-w-md py-6">
      <div className="min-w-0 rounded-lg border bg-card text-card-foreground shadow-sm">
        <div className="flex flex-col gap-1.5 p-6">
          <h1 className="text-xl font-semibold leading-tight">Admin Access</h1>
          <p className="text-sm text-muted-foreground">Sign in to review your patients' practice and homework.</p>
        </div>
        <div className="p-6 pt-0">
          <Suspense fallback={formsLoading}>{painted ? <SignInForms /> : formsLoading}</Suspense>
        </div>
      </div>
    </div>
  );
}
