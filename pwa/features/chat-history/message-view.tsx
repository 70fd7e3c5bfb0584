import { messages } from "@schema/messages.ts";
import type { Message } from "@schema/rows.ts";
import { BotIcon, UserIcon } from "lucide-react";
import { memo } from "react";
import { formatDateTime } from "@/lib/dates.ts";
import { useDrawnCount } from "@/lib/use-drawn-count.ts";
import { useStore } from "@/shared/sync/sync-context.ts";
import { Skeleton } from "@/ui/skeleton.tsx";
import { useMessageRows } from "./use-message-rows.ts";
import { useVirtualList } from "./use-virtual-list.ts";

interface MessageViewProps {
  resultKey: number;
  count: number;
  fetchIds: (resultKey: number, from: number, to: number) => Promise<string[]>;
}

/** Matching messages, virtualised: a patient with thousands of messages scrolls smoothly. */
export function MessageView({ resultKey, count, fetchIds }: MessageViewProps) {
  const store = useStore();
  const list = useMessageList(count);
  const { rowAt, error } = useMessageRows(
    store,
    { resultKey, count, fetchIds },
    list.items[0]?.index ?? 0,
    list.items[list.items.length - 1]?.index ?? 0,
  );
  if (error) return <p className="text-destructive">{messages.conversations.loadError}</p>;
  return <MessageList list={list} rowAt={rowAt} />;
}

/** Messages already read (a selected conversation's), virtualised as the search's are. */
export function ReadMessages({ rows }: { rows: readonly Message[] }) {
  const list = useMessageList(rows.length);
  return <MessageList list={list} rowAt={(index) => rows[index]} />;
}

const useMessageList = (count: number) => useVirtualList<HTMLElement>(count, 110, "75dvh");

function MessageList({
  list: { scroller, scrollerStyle, virtualizer, items, flowStyle },
  rowAt,
}: {
  list: ReturnType<typeof useMessageList>;
  rowAt: (index: number) => Message | undefined;
}) {
  // A few messages a frame as the list opens: the eleven that fill a tablet's list, drawn with the
  // rest of the screen, made one task of 100 ms and more on a 4× slower tablet.
  const drawn = useDrawnCount(items.length);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user must be able to scroll the messages, which hold nothing focusable
    <section ref={scroller} style={scrollerStyle} tabIndex={0} className="overflow-y-auto" aria-label="Messages">
      <ol style={flowStyle}>
        {items.slice(0, drawn).map((item) => {
          const row = rowAt(item.index);
          return (
            <li key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="pb-3">
              {row ? <MessageItem message={row} /> : <Skeleton className="h-24" />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Kept while its message is the same object: the list renders again as rows scroll in and out. */
export const MessageItem = memo(function MessageItem({ message: m }: { message: Message }) {
  const Icon = m.data_type.includes("user") ? UserIcon : BotIcon;
  return (
    <article className="flex gap-3 rounded-lg border p-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted">
        <Icon className="size-4" aria-label={m.data_type.includes("user") ? "User" : "Bot"} />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <span>{formatDateTime(m.timestamp)}</span>
          <span>Patient: {m.patient_name}</span>
          <span>Type: {m.data_type}</span>
          <span>Order: {m.serial_num ?? "N/A"}</span>
        </p>
        {m.held_back ? (
          <p className="text-sm italic text-muted-foreground">{messages.conversations.heldBack}</p>
        ) : (
          <p className="whitespace-pre-wrap break-words text-sm">{m.data}</p>
        )}
      </div>
    </article>
  );
});
