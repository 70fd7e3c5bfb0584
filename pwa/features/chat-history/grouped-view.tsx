import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import { formatDateTime } from "@/lib/dates.ts";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import type { ConversationGroup } from "@/worker/search-logic.ts";

interface GroupedViewProps {
  groups: ConversationGroup[];
  onViewPrompt: (promptId: string) => void;
  onViewDetails: (conversationId: string) => void;
  onViewSummary: (conversationId: string) => void;
}

const ROW = 132;

/** No filter and no selection: every conversation, newest first, as one virtualised list. */
export function GroupedView({ groups, onViewPrompt, onViewDetails, onViewSummary }: GroupedViewProps) {
  const scroller = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 6,
  });
  return (
    <section ref={scroller} className="max-h-[75dvh] overflow-y-auto" aria-label="Conversations">
      <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const g = groups[item.index];
          return (
            <li
              key={g.conversation_id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 pb-3"
              style={{ transform: `translateY(${item.start}px)` }}
            >
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}
