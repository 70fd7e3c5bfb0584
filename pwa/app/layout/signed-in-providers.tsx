import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { SignedInProvidersReady } from "@/app/auth/route-guards.tsx";
import type { ConnectDevice } from "@/app/sync/device-connection.ts";
import { SyncProvider } from "@/app/sync/sync-provider.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import { InviteDialogHost } from "./invite-dialog-host.tsx";

/**
 * What a signed-in user's pages need: the device store and sync engine (with the Sync panel and
 * sign-out dialogs), a query cache for the online-only screens (dropped at sign-out with this
 * layout) and the Invite User dialog. The component tests render their screens inside these same
 * providers (pwa/test/render.tsx), with `connect` handing over a test device's engine.
 */
export function SignedInProviders({ children, connect }: { children: ReactNode; connect?: ConnectDevice }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SyncProvider connect={connect}>
        <InviteDialogHost>
          <SignedInProvidersReady value={true}>{children}</SignedInProvidersReady>
        </InviteDialogHost>
      </SyncProvider>
    </QueryClientProvider>
  );
}
