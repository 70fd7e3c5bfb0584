import { messages } from "@schema/messages.ts";
import { ConversationMessages } from "@schema/rows.ts";
import { useQuery } from "@tanstack/react-query";
import { CloudDownloadIcon, WifiOffIcon } from "lucide-react";
import { ApiError } from "@/lib/api.ts";
import { apiParsed } from "@/lib/api-parsed.ts";
import { useOnline } from "@/lib/use-online.ts";
import { Skeleton } from "@/ui/skeleton.tsx";
import { MessageItem } from "./message-view.tsx";

const messagesPath = (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}/messages`;

/**
 * A conversation whose text this device does not keep, read from the server when opened and said
 * to be so; offline (or when the server cannot be reached) it says a connection is needed, never an
 * empty chat. Nothing read here is stored on the device.
 */
export function ServerConversation({ conversationId }: { conversationId: string }) {
  const online = useOnline();
  const path = messagesPath(conversationId);
  const query = useQuery({
    queryKey: [path],
    queryFn: () => apiParsed(path, ConversationMessages),
    enabled: online,
    staleTime: 60_000,
    retry: false,
  });
  if (query.data) {
    return (
      <div className="grid gap-3">
        <p role="note" className="flex items-start gap-2 text-sm text-muted-foreground">
          <CloudDownloadIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {messages.conversations.loadedFromServer}
        </p>
        <section className="grid gap-3" aria-label="Messages">
          {query.data.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </section>
      </div>
    );
  }
  // A request the network refused (no ApiError: nothing answered) is offline too, whatever the browser believes.
  if (!online || (query.error && !(query.error instanceof ApiError))) {
    return (
      <p role="status" className="flex items-start gap-2 text-muted-foreground">
        <WifiOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {messages.conversations.needsConnection}
      </p>
    );
  }
  if (query.error) return <p className="text-destructive">{messages.conversations.loadError}</p>;
  return (
    <div aria-busy="true" className="grid gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        Loading messages from the server…
      </p>
      <Skeleton className="h-24" />
      <Skeleton className="h-24" />
    </div>
  );
}
