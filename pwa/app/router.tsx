import { messages } from "@schema/messages.ts";
import { Navigate, Route, Routes } from "react-router";
import LandingPage from "@/features/landing/page.tsx";
import { lazyScreen } from "@/lib/lazy-screen.ts";
import { RequireAdmin, RequireUser } from "./auth/route-guards.tsx";
import { AppLayout } from "./layout/app-layout.tsx";

// The landing page is the first load of `/`; every other screen is its own chunk, fetched when opened.
const AuthPage = lazyScreen(() => import("@/features/auth/page.tsx"));
const VideoExamplePage = lazyScreen(() => import("@/features/video-example/page.tsx"));
const ChatHistoryPage = lazyScreen(() => import("@/features/chat-history/page.tsx"));
const PatientsPage = lazyScreen(() => import("@/features/patients/page.tsx"));
const SummariesPage = lazyScreen(() => import("@/features/conversation-summaries/page.tsx"));
const ProfilePage = lazyScreen(() => import("@/features/profile/page.tsx"));
const InputPromptPage = lazyScreen(() => import("@/features/input-prompt/page.tsx"));
const PromptHistoryPage = lazyScreen(() => import("@/features/prompt-history/page.tsx"));
const ManageUsersPage = lazyScreen(() => import("@/features/manage-users/page.tsx"));
const AgentKeysPage = lazyScreen(() => import("@/features/agent-keys/page.tsx"));
const SettingsPage = lazyScreen(() => import("@/features/settings/page.tsx"));
const ActivityLogsPage = lazyScreen(() => import("@/features/activity-logs/page.tsx"));
const CaseloadPage = lazyScreen(() => import("@/features/caseload/page.tsx"));
const SessionPrepPage = lazyScreen(() => import("@/features/session-prep/page.tsx"));
const NotFound = lazyScreen(() => import("./not-found.tsx").then((m) => ({ default: m.NotFound })));

/** The admin's first screen, where a bare /admin leads (the Admin Dashboard menu's first entry). */
const ADMIN_HOME = "/admin/input-prompt";

/**
 * Paths match case-insensitively and with or without a trailing slash (react-router's defaults).
 * Guards are pathless routes around the pages they guard; a variant (a notice, another
 * non-admin destination) is its own pathless route.
 * Screen owners replace the feature pages; the routes stay here.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="video-example" element={<VideoExamplePage />} />
        <Route element={<RequireUser />}>
          <Route path="chat-history" element={<ChatHistoryPage />} />
          <Route path="patients" element={<PatientsPage />} />
          <Route path="caseload" element={<CaseloadPage />} />
          <Route path="patients/:patientName/session-prep" element={<SessionPrepPage />} />
          <Route path="profile" element={<ProfilePage />} />
        </Route>
        <Route element={<RequireUser signedOutNotice={messages.summaries.authRequired} />}>
          <Route path="conversation-summaries" element={<SummariesPage />} />
        </Route>
        <Route path="admin">
          <Route element={<RequireAdmin />}>
            <Route index element={<Navigate to={ADMIN_HOME} replace />} />
            <Route path="input-prompt" element={<InputPromptPage />} />
            <Route path="prompt-history" element={<PromptHistoryPage />} />
            <Route path="manage-users" element={<ManageUsersPage />} />
            <Route path="agent-keys" element={<AgentKeysPage />} />
            <Route path="settings" element={<SettingsPage />} />
          </Route>
          <Route element={<RequireAdmin nonAdminTo="/auth" />}>
            <Route path="activity-logs" element={<ActivityLogsPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
