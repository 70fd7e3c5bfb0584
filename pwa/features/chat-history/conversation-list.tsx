import { messages } from "@schema/messages.ts";
import { ShieldAlertIcon } from "lucide-react";
import { cn } from "@/lib/cn.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import type { ConversationGroup } from "@/worker/search-logic.ts";
import { type FetchRange, useResultPage } from "./use-result-page.ts";
import { useVirtualList } from "./use-virtual-list.ts";

interface ConversationListProps {
  /** The search's list, fetched as it scrolls; null: neither a patient nor a date range was chosen. */
  conversations: { resultKey: number; count: number; fetch: FetchRange<ConversationGroup> } | null;
  hasDateRange: boolean;
  selected: string | null;
  onSelect: (conversationId: string | null) => void;
}

const ROW = 76;
const NO_RESULT = { resultKey: 0, count: 0, fetch: async () => [] };

/** The left column's Conversations list: All Conversations, then one button per conversation. */
export function ConversationList({ conversations, hasDateRange, selected, onSelect }: ConversationListProps) {
  const count = conversations?.count ?? 0;
  const { scroller, scrollerStyle, virtualizer, items } = useVirtualList<HTMLDivElement>(count, ROW, "28rem");
  const { at } = useResultPage(conversations ?? NO_RESULT, items[0]?.index ?? 0, items[items.length - 1]?.index ?? 0);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Conversations</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {conversations === null ? (
          <p className="text-sm text-muted-foreground">{messages.conversations.selectPatient}</p>
        ) : count === 0 && hasDateRange ? (
          <p className="text-sm text-muted-foreground">{messages.conversations.noneInRange}</p>
        ) : (
          <>
            <Button variant={selected === null ? "secondary" : "outline"} onClick={() => onSelect(null)}>
              All Conversations
            </Button>
            <div ref={scroller} style={scrollerStyle} className="overflow-y-auto">
              <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
                {items.map((item) => {
                  const c = at(item.index);
                  return (
                    <li
                      key={c?.conversation_id ?? `row-${item.index}`}
                      className="absolute inset-x-0 pb-2"
                      style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                    >
                      {c ? (
                        <Button
                          variant="outline"
                          aria-pressed={selected === c.conversation_id}
                          className={cn(
                            "h-full w-full flex-col items-start gap-0.5 py-2 text-left",
                            selected === c.conversation_id && "border-primary bg-accent",
                          )}
                          onClick={() => onSelect(c.conversation_id)}
                        >
                          <span className="flex w-full items-center gap-1 truncate font-mono text-xs">
                            {c.safety_risk && <ShieldAlertIcon className="text-destructive" aria-label="Safety Risk" />}
                            {c.conversation_id}
                          </span>
                          <span className="text-xs text-muted-foreground">
                            {formatDateTime(c.created_at)} · {c.message_count} messages
                          </span>
                        </Button>
                      ) : (
                        <Skeleton className="h-full" />
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
