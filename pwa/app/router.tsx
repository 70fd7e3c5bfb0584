import { messages } from "@schema/messages.ts";
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "@/ui/spinner.tsx";
import { type GuardHandle, RequireAdmin, RequireUser } from "./auth/route-guards.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import { NotFound } from "./not-found.tsx";

/** Each screen is its own chunk, so the landing page loads only what it shows. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * Paths match case-insensitively and with or without a trailing slash (react-router's defaults).
 * Screen owners replace the feature pages; the routes stay here.
 */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, ...page(() => import("@/features/landing/page.tsx")) },
      { path: "auth", ...page(() => import("@/features/auth/page.tsx")) },
      { path: "video-example", ...page(() => import("@/features/video-example/page.tsx")) },
      {
        Component: RequireUser,
        children: [
          { path: "chat-history", ...page(() => import("@/features/chat-history/page.tsx")) },
          { path: "patients", ...page(() => import("@/features/patients/page.tsx")) },
          {
            path: "conversation-summaries",
            handle: { signedOutNotice: messages.summaries.authRequired } satisfies GuardHandle,
            ...page(() => import("@/features/conversation-summaries/page.tsx")),
          },
          { path: "profile", ...page(() => import("@/features/profile/page.tsx")) },
        ],
      },
      {
        path: "admin",
        Component: RequireAdmin,
        children: [
          { path: "input-prompt", ...page(() => import("@/features/input-prompt/page.tsx")) },
          { path: "prompt-history", ...page(() => import("@/features/prompt-history/page.tsx")) },
          { path: "manage-users", ...page(() => import("@/features/manage-users/page.tsx")) },
          { path: "agent-keys", ...page(() => import("@/features/agent-keys/page.tsx")) },
        ],
      },
      {
        path: "admin",
        element: <RequireAdmin nonAdminTo="/auth" />,
        children: [{ path: "activity-logs", ...page(() => import("@/features/activity-logs/page.tsx")) }],
      },
      { path: "*", Component: NotFound },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
