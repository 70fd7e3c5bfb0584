import { messages } from "@schema/messages.ts";
import { Navigate, Route, Routes } from "react-router";
import AuthPage from "@/features/auth/page.tsx";
import LandingPage from "@/features/landing/page.tsx";
import { RequireAdmin, RequireUser } from "./auth/route-guards.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import {
  ActivityLogsPage,
  AgentKeysPage,
  CaseloadPage,
  ChatHistoryPage,
  InputPromptPage,
  ManageUsersPage,
  NotFound,
  PatientsPage,
  ProfilePage,
  PromptHistoryPage,
  SessionPrepPage,
  SettingsPage,
  SummariesPage,
  VideoExamplePage,
} from "./screens.ts";

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
