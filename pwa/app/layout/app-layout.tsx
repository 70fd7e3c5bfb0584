import { Suspense } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { SyncProvider } from "@/app/sync/sync-provider.tsx";
import { PageSpinner } from "@/ui/spinner.tsx";
import { Footer } from "./footer.tsx";
import { InviteDialogHost } from "./invite-dialog-host.tsx";
import { TopBar } from "./top-bar.tsx";

/** Every page: the top bar, the page, the footer. A thin bar shows while a lazy page loads. */
export function AppLayout() {
  const navigation = useNavigation();
  return (
    <SyncProvider>
      <InviteDialogHost>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:p-3"
          >
            Skip to content
          </a>
          {navigation.state === "loading" && (
            <div className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-primary" aria-hidden />
          )}
          <TopBar />
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
          <Footer />
          <ScrollRestoration />
        </div>
      </InviteDialogHost>
    </SyncProvider>
  );
}
