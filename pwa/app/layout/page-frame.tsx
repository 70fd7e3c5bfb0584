import { type ReactNode, Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { PageSpinner } from "@/ui/spinner.tsx";
import { Footer } from "./footer.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { type SignedInParts, TopBar } from "./top-bar.tsx";

/** A new page starts at its top; going back leaves the browser to restore where the reader was. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/** Every page: the top bar, the page, the footer. `signedIn` adds the signed-in user's bar and menus. */
export function PageFrame({ signedIn, children }: { signedIn?: SignedInParts; children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:p-3"
      >
        Skip to content
      </a>
      <TopBar signedIn={signedIn} />
      {/* At least a screen tall: the footer starts below the fold, so pages filling from the store never push it around on screen. */}
      <main id="main" className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 print:min-h-0 print:p-0">
        <PageErrorBoundary path={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop />
      {children}
    </div>
  );
}
