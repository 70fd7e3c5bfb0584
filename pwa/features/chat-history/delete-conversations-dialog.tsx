import { messages } from "@schema/messages.ts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api, errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";
import { useSyncEngine } from "@/shared/sync/sync-context.ts";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";

interface DeleteConversationsDialogProps {
  /** A patient's username or one of the bulk values (delete_test_data, …). */
  target: string | null;
  /** What is deleted, in words: "all data of sample_patient_1". */
  label: string;
  onOpenChange: (open: boolean) => void;
  /** After the server deleted them (the selection may need to go). */
  onDeleted?: () => void;
}

const path = (target: string) => `/api/conversations/patient/${encodeURIComponent(target)}`;

/**
 * Every bulk delete asks first and says how many records will go (a dry run), then deletes on the
 * server and syncs, so the device drops the deleted rows too.
 *
 * Made when it first opens, and kept for its closing animation after: Chat History holds two of
 * them, and their dialogs and dry-run queries, made with the page, took 75 ms of a slowed tablet's
 * main thread in the task that mounted it (a profiled first sync) for dialogs a clinician rarely opens.
 */
export function DeleteConversationsDialog(props: DeleteConversationsDialogProps) {
  const [opened, setOpened] = useState(false);
  if (props.target !== null && !opened) setOpened(true);
  return opened ? <CountingDialog {...props} /> : null;
}

function CountingDialog({ target, label, onOpenChange, onDeleted }: DeleteConversationsDialogProps) {
  const engine = useSyncEngine();
  const preview = useQuery({
    queryKey: ["conversations-delete-preview", target],
    queryFn: () => api<{ count: number }>(`${path(target ?? "")}?dryRun=true`, { method: "DELETE" }),
    enabled: target !== null,
    staleTime: 0,
    gcTime: 0,
  });

  const confirm = async () => {
    if (!target) return;
    try {
      const { deletedCount } = await api<{ deletedCount: number }>(path(target), { method: "DELETE" });
      notify.success(messages.conversations.deletedTitle, messages.conversations.deleted(deletedCount));
      onDeleted?.();
      void engine.sync();
    } catch (err) {
      notify.error(messages.conversations.deleteFailed, errorMessage(err, messages.conversations.deleteFailed));
    }
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title="Delete conversations?"
      description={
        preview.isPending
          ? `Counting the conversation records of ${label}…`
          : preview.isError
            ? errorMessage(preview.error, messages.conversations.deleteFailed)
            : `This permanently deletes ${preview.data.count} conversation records (${label}). This cannot be undone.`
      }
      confirmLabel="Delete"
      confirmDisabled={!preview.isSuccess}
      onConfirm={() => void confirm()}
    />
  );
}
