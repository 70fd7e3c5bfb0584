/** The navigation's entries, shared by the top bar and the small-screen menu. */
export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/caseload", label: "Caseload" },
  { to: "/chat-history", label: "Chat History" },
  { to: "/patients", label: "Manage Patients" },
  { to: "/conversation-summaries", label: "Conversation Summaries" },
] as const;

export const ADMIN_NAV = [
  { to: "/admin/input-prompt", label: "Input Prompt" },
  { to: "/admin/prompt-history", label: "Prompt History" },
  { to: "/admin/manage-users", label: "Manage Users" },
  { to: "/admin/activity-logs", label: "Activity Logs" },
  { to: "/admin/agent-keys", label: "Agent Keys" },
  { to: "/admin/settings", label: "Settings" },
] as const;
