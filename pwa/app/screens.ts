import { lazyScreen } from "@/lib/lazy-screen.tsx";
import { whenIdle } from "@/lib/when-idle.ts";

// The landing page (and sign-in's frame) is the first load of `/`; every other screen is its own chunk, fetched when
// opened or, once someone signed in, when the page is idle (preloadScreens).
export const VideoExamplePage = lazyScreen(() => import("@/features/video-example/page.tsx"));
export const ChatHistoryPage = lazyScreen(() => import("@/features/chat-history/page.tsx"));
export const PatientsPage = lazyScreen(() => import("@/features/patients/page.tsx"));
export const SummariesPage = lazyScreen(() => import("@/features/conversation-summaries/page.tsx"));
export const ProfilePage = lazyScreen(() => import("@/features/profile/page.tsx"));
export const InputPromptPage = lazyScreen(() => import("@/features/input-prompt/page.tsx"));
export const PromptHistoryPage = lazyScreen(() => import("@/features/prompt-history/page.tsx"));
export const ManageUsersPage = lazyScreen(() => import("@/features/manage-users/page.tsx"));
export const AgentKeysPage = lazyScreen(() => import("@/features/agent-keys/page.tsx"));
export const SettingsPage = lazyScreen(() => import("@/features/settings/page.tsx"));
export const ActivityLogsPage = lazyScreen(() => import("@/features/activity-logs/page.tsx"));
export const CaseloadPage = lazyScreen(() => import("@/features/caseload/page.tsx"));
export const SessionPrepPage = lazyScreen(() => import("@/features/session-prep/page.tsx"));
export const NotFound = lazyScreen(() => import("./not-found.tsx").then((m) => ({ default: m.NotFound })));

/** A signed-in user's screens, the most opened first. */
const CLINICIAN_SCREENS = [ChatHistoryPage, PatientsPage, CaseloadPage, SummariesPage, SessionPrepPage, ProfilePage];
const ADMIN_SCREENS = [
  InputPromptPage,
  PromptHistoryPage,
  ManageUsersPage,
  ActivityLogsPage,
  AgentKeysPage,
  SettingsPage,
];

/**
 * Fetches and runs the user's screens one at a time while the page is idle: the first visit of each
 * then renders at once instead of waiting for its chunk and, one after the other, the chunks that
 * chunk imports (a round trip each, on a slow tablet a few hundred milliseconds). Stops when
 * `signal` aborts; a chunk that fails to load is left for its first visit to fetch.
 */
export async function preloadScreens(isAdmin: boolean, signal: AbortSignal) {
  for (const screen of isAdmin ? [...CLINICIAN_SCREENS, ...ADMIN_SCREENS] : CLINICIAN_SCREENS) {
    await whenIdle();
    if (signal.aborted) return;
    await screen.preload().catch(() => {});
  }
}
