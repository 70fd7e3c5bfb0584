import { formatDateTime } from "@/lib/dates.ts";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import type { ConversationGroup } from "@/worker/search-logic.ts";
import { type FetchRange, useResultPage } from "./use-result-page.ts";
import { useVirtualList } from "./use-virtual-list.ts";

interface GroupedViewProps {
  resultKey: number;
  count: number;
  fetchGroups: FetchRange<ConversationGroup>;
  onViewPrompt: (promptId: string) => void;
  onViewDetails: (conversationId: string) => void;
  onViewSummary: (conversationId: string) => void;
}

/** A conversation's row: its card (two lines of text over a row of 44 px buttons) and the gap below it. */
const ROW = 146;

/**
 * No filter and no selection: every conversation, newest first, as one virtualised list whose
 * groups come from the worker as they are scrolled to.
 */
export function GroupedView({
  resultKey,
  count,
  fetchGroups,
  onViewPrompt,
  onViewDetails,
  onViewSummary,
}: GroupedViewProps) {
  const { scroller, scrollerStyle, virtualizer, items, flowStyle } = useVirtualList<HTMLElement>(count, ROW, "75dvh");
  const { at } = useResultPage(
    { resultKey, count, fetch: fetchGroups },
    items[0]?.index ?? 0,
    items[items.length - 1]?.index ?? 0,
  );
  return (
    <section ref={scroller} style={scrollerStyle} className="overflow-y-auto" aria-label="Conversations">
      <ul style={flowStyle}>
        {items.map((item) => {
          const group = at(item.index);
          return (
            <li key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="pb-3">
              {group ? (
                <GroupItem
                  group={group}
                  onViewPrompt={onViewPrompt}
                  onViewDetails={onViewDetails}
                  onViewSummary={onViewSummary}
                />
              ) : (
                <Skeleton className="h-33.5" />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function GroupItem({
  group: g,
  onViewPrompt,
  onViewDetails,
  onViewSummary,
}: { group: ConversationGroup } & Pick<GroupedViewProps, "onViewPrompt" | "onViewDetails" | "onViewSummary">) {
  return (
    <article className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="break-all font-mono text-sm font-semibold">{g.conversation_id}</h3>
        {g.safety_risk && <Badge variant="destructive">Safety Risk</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        {g.message_count} messages · Patient: {g.patient_name} · {formatDateTime(g.created_at)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!g.prompt_id}
          onClick={() => g.prompt_id && onViewPrompt(g.prompt_id)}
        >
          View Prompt
        </Button>
        <Button variant="outline" size="sm" onClick={() => onViewDetails(g.conversation_id)}>
          View Details
        </Button>
        <Button variant="outline" size="sm" onClick={() => onViewSummary(g.conversation_id)}>
          View Summary
        </Button>
      </div>
    </article>
  );
}
