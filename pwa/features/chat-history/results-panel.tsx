import { messages } from "@schema/messages.ts";
import { type Live, useTableArrived } from "@/shared/sync/use-live.ts";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import { type ChatFilters, hasActiveFilter, showsMessages } from "@/worker/search-logic.ts";
import { GroupedView } from "./grouped-view.tsx";
import { MessageView, ReadMessages } from "./message-view.tsx";
import { ServerConversation } from "./server-conversation.tsx";
import type { ChatSearch } from "./use-chat-search.ts";
import { isHeldBack, promptOf, type Selection } from "./use-selected-messages.ts";

interface ResultsPanelProps {
  search: ChatSearch;
  /** The selected conversation's messages, read from the device store (the search's answer is not awaited). */
  selection: Live<Selection | null>;
  filters: ChatFilters;
  onClearFilters: () => void;
  onSelect: (conversationId: string) => void;
  onViewPrompt: (promptId: string) => void;
  onViewSummary: (conversationId: string) => void;
}

/** The right column: grouped conversations, or the messages of the filter or selection. */
export function ResultsPanel({
  search,
  selection,
  filters,
  onClearFilters,
  onSelect,
  onViewPrompt,
  onViewSummary,
}: ResultsPanelProps) {
  const { result, error } = search;
  const selected = filters.selectedConversationId;
  const read = selected && selection.status === "ready" ? selection.data : null;
  // An admin's device keeps older conversations without their text: such a one is read from the server.
  const heldBack = read ? isHeldBack(read) : false;
  // On a device whose messages are still to come, an empty answer means "not yet", not "none".
  const arrived = useTableArrived("conversation_messages");
  const opened = read?.shown ?? null;
  const none = opened
    ? opened.length === 0
    : result && (result.mode === "groups" ? result.groupCount === 0 : result.messageCount === 0);
  const failed = selected ? selection.status === "error" : error;
  const loading = !failed && ((selected ? !opened : !result) || (none && !arrived));
  // What a screen reader hears once the column settles: nothing while it loads or reads from the
  // server (each says so itself), never "none" while messages are still to come.
  const readsFromServer = selected && heldBack;
  const announcement =
    loading || failed || readsFromServer
      ? ""
      : opened
        ? messagesAnnouncement(opened.length)
        : result && !search.searching && result.complete
          ? resultsAnnouncement(result)
          : "";
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">
          {selected ? <span className="break-all">{selected}</span> : "Messages"}
        </CardTitle>
        {selected && (
          <SelectionActions
            conversationId={selected}
            // Off while the messages are read, and when none names a prompt.
            promptId={read ? promptOf(read) : null}
            onViewPrompt={onViewPrompt}
            onViewSummary={onViewSummary}
          />
        )}
      </CardHeader>
      <CardContent>
        {readsFromServer ? (
          <ServerConversation conversationId={selected} />
        ) : failed ? (
          <p className="text-destructive">{messages.conversations.loadError}</p>
        ) : loading ? (
          <ResultsSkeleton label={showsMessages(filters) ? "Loading messages…" : "Loading conversations…"} />
        ) : none ? (
          <NoMessages filters={filters} onClearFilters={onClearFilters} />
        ) : opened ? (
          <ReadMessages rows={opened} />
        ) : result?.mode === "groups" ? (
          <GroupedView
            resultKey={result.resultKey}
            count={result.groupCount}
            fetchGroups={search.groups}
            onViewPrompt={onViewPrompt}
            onViewDetails={onSelect}
            onViewSummary={onViewSummary}
          />
        ) : (
          result && (
            <MessageView resultKey={result.resultKey} count={result.messageCount} fetchIds={search.messageIds} />
          )
        )}
      </CardContent>
      <span className="sr-only" role="status">
        {announcement}
      </span>
    </Card>
  );
}

function resultsAnnouncement(result: NonNullable<ChatSearch["result"]>) {
  if (result.mode === "groups") return `${result.groupCount} conversations`;
  return messagesAnnouncement(result.messageCount);
}

const messagesAnnouncement = (count: number) => (count ? `${count} messages` : messages.conversations.none);

function NoMessages({ filters, onClearFilters }: { filters: ChatFilters; onClearFilters: () => void }) {
  return (
    <div className="grid justify-items-start gap-3">
      <p className="text-muted-foreground">{messages.conversations.none}</p>
      {hasActiveFilter(filters) && (
        <Button variant="outline" onClick={onClearFilters}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

function SelectionActions({
  conversationId,
  promptId,
  onViewPrompt,
  onViewSummary,
}: {
  conversationId: string;
  promptId: string | null;
  onViewPrompt: (promptId: string) => void;
  onViewSummary: (conversationId: string) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Button variant="outline" size="sm" disabled={!promptId} onClick={() => promptId && onViewPrompt(promptId)}>
        View Prompt
      </Button>
      <Button variant="outline" size="sm" onClick={() => onViewSummary(conversationId)}>
        View Summary
      </Button>
    </div>
  );
}

/**
 * What the column waits for, in words, while the device store is read, above message-sized
 * placeholders: never a bare spinner beside a "Synced" status.
 */
function ResultsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="grid gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        {label}
      </p>
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}
