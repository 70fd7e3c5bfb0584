import { useEffect, useMemo, useRef, useState } from "react";
import { compareText } from "@/lib/compare.ts";
import { displayName } from "@/lib/display-name.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { readOpened } from "@/local/index.ts";
import { PromptDialog } from "@/shared/prompt/prompt-dialog.tsx";
import { SummaryDialog } from "@/shared/summary/summary-dialog.tsx";
import { useStore } from "@/shared/sync/sync-context.ts";
import { type Live, useLive } from "@/shared/sync/use-live.ts";
import { useRecordView } from "@/shared/sync/use-record-view.ts";
import { ConversationList } from "./conversation-list.tsx";
import type { PatientOption } from "./filters-panel.tsx";
import { PatientInfoCard } from "./patient-info-card.tsx";
import { ResultsPanel } from "./results-panel.tsx";
import { SearchCard } from "./search-card.tsx";
import { StillArrivingNotice } from "./still-arriving-notice.tsx";
import { useChatFilters } from "./use-chat-filters.ts";
import { useChatSearch } from "./use-chat-search.ts";
import { useSelectedMessages } from "./use-selected-messages.ts";

export default function ChatHistoryPage() {
  usePageTitle("Chat History");
  return <ChatHistory />;
}

function ChatHistory() {
  const store = useStore();
  const state = useChatFilters();
  const { filters } = state;
  const selection = useSelectedMessages(store, filters);
  // A conversation opened by a link is read first; the search (its list, counts) starts after.
  const search = useChatSearch(
    store,
    filters,
    Boolean(filters.selectedConversationId) && selection.status === "loading",
  );
  const [promptId, setPromptId] = useState<string | null>(null);
  const [summaryId, setSummaryId] = useState<string | null>(null);

  const patientRows = useLive(
    // By username as IndexedDB ordered them; the index holds keyed hashes now (encrypted-store.ts).
    async () => (await readOpened(store, store.patients)).sort((a, b) => compareText(a.username, b.username)),
    [store],
  );
  const patients: Live<PatientOption[]> = useMemo(
    () =>
      patientRows.status === "ready"
        ? {
            status: "ready",
            data: patientRows.data.map((p) => {
              const name = displayName(p);
              return { username: p.username, label: name === p.username ? p.username : `${name} (${p.username})` };
            }),
          }
        : patientRows,
    [patientRows],
  );

  // Opening a patient's Chat History, and then one of their conversations, is a read of their data.
  useRecordView(filters.patientName, "chat_history");
  const selected = filters.selectedConversationId;
  // The read of the previous selection may still be shown for a moment: only this conversation's patient counts.
  const openedMessage = selection.status === "ready" ? (selection.data?.stored[0] ?? null) : null;
  // During a first sync the search reads the store every 10 s; the open conversation's first
  // stored page is searched at once, so the patient's list shows it as soon as it reads.
  const openedStored = openedMessage?.conversation_id === selected;
  const refresh = search.refresh;
  useEffect(() => {
    if (openedStored) refresh();
  }, [openedStored, refresh]);
  useRecordView(
    openedMessage?.conversation_id === selected ? openedMessage?.patient_name : null,
    "conversation",
    selected,
  );

  const autoSelected = search.result?.autoSelected ?? null;
  const select = useRef(state.select);
  select.current = state.select;
  // The id box's pick becomes the selection (in the URL, like a click on the list).
  useEffect(() => {
    if (autoSelected) select.current(autoSelected);
  }, [autoSelected]);
  const hasDateRange = Boolean(filters.startDate || filters.endDate);
  const listed = filters.patientName || hasDateRange || filters.safetyOnly;

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">Chat History</h1>
        <p className="text-muted-foreground">View and search conversations between patients and the AI coach.</p>
        <StillArrivingNotice />
      </header>
      <SearchCard state={state} patients={patients} />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <aside className="grid content-start gap-6" aria-label="Patient and conversations">
          {filters.patientName && (
            <PatientInfoCard patientName={filters.patientName} onDeleted={() => state.select(null)} />
          )}
          <ConversationList
            conversations={
              listed
                ? {
                    resultKey: search.result?.resultKey ?? 0,
                    count: search.result?.conversationCount ?? 0,
                    fetch: search.conversations,
                  }
                : null
            }
            hasDateRange={hasDateRange}
            selected={filters.selectedConversationId}
            onSelect={state.select}
          />
        </aside>
        <ResultsPanel
          search={search}
          selection={selection}
          filters={filters}
          onClearFilters={state.clearFilters}
          onSelect={state.select}
          onViewPrompt={setPromptId}
          onViewSummary={setSummaryId}
        />
      </div>
      <PromptDialog promptId={promptId} open={promptId !== null} onOpenChange={(o) => !o && setPromptId(null)} />
      <SummaryDialog
        conversationId={summaryId}
        open={summaryId !== null}
        onOpenChange={(o) => !o && setSummaryId(null)}
      />
    </div>
  );
}
