import { messages } from "@schema/messages.ts";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ShieldAlertIcon } from "lucide-react";
import { useRef } from "react";
import { cn } from "@/lib/cn.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card.tsx";
import type { ConversationGroup } from "@/worker/search-logic.ts";

interface ConversationListProps {
  /** Null: neither a patient nor a date range was chosen. */
  conversations: ConversationGroup[] | null;
  hasDateRange: boolean;
  selected: string | null;
  onSelect: (conversationId: string | null) => void;
}

const ROW = 76;

/** The left column's Conversations list: All Conversations, then one button per conversation. */
export function ConversationList({ conversations, hasDateRange, selected, onSelect }: ConversationListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: conversations?.length ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Conversations</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {conversations === null ? (
          <p className="text-sm text-muted-foreground">{messages.conversations.selectPatient}</p>
        ) : conversations.length === 0 && hasDateRange ? (
          <p className="text-sm text-muted-foreground">{messages.conversations.noneInRange}</p>
        ) : (
          <>
            <Button variant={selected === null ? "secondary" : "outline"} onClick={() => onSelect(null)}>
              All Conversations
            </Button>
            <div ref={scroller} className="max-h-[28rem] overflow-y-auto">
              <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const c = conversations[item.index];
                  return (
                    <li
                      key={c.conversation_id}
                      className="absolute inset-x-0 pb-2"
                      style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                    >
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
