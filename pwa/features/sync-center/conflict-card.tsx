import { useState } from "react";
import { formatDateTime } from "@/lib/dates.ts";
import { notify } from "@/lib/notify.tsx";
import { syncTexts } from "@/shared/sync/sync-texts.ts";
import { Button } from "@/ui/button.tsx";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";
import { conflictSentence } from "./change-fields.ts";
import type { ConflictItem } from "./use-sync-items.ts";

interface ConflictCardProps {
  item: ConflictItem;
  onResolve: (conflictId: string, keep: "mine" | "theirs") => Promise<void>;
}

const savedAt = (theirs: unknown) =>
  typeof theirs === "object" && theirs !== null ? (theirs as { updated_at?: string }).updated_at : undefined;

/**
 * One conflict: what each side changed, field by field, and the clinician's two choices. On a phone
 * the table of long values scrolls sideways inside the card, never the panel or the page.
 */
export function ConflictCard({ item, onResolve }: ConflictCardProps) {
  const { conflict, subject, changes } = item;
  const [busy, setBusy] = useState(false);
  const theirsAt = savedAt(conflict.theirs);

  const resolve = async (keep: "mine" | "theirs") => {
    setBusy(true);
    try {
      await onResolve(conflict.id, keep);
      void notify.success(keep === "mine" ? syncTexts.keptMine : syncTexts.keptTheirs, subject);
    } catch (err) {
      setBusy(false);
      void notify.error(syncTexts.resolveFailed, err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <li aria-label={`Conflict: ${subject}`} className="grid gap-3 rounded-md border border-warning/40 p-3 text-sm">
      {/* A long unbroken value (a link) breaks anywhere: the sentence never widens the card or the panel. */}
      <p className="font-medium wrap-anywhere">{conflictSentence(subject, changes)}</p>
      <p className="text-xs text-muted-foreground">
        You changed it on this device on {formatDateTime(conflict.createdAt)}
        {theirsAt && <>; the other version was saved on {formatDateTime(theirsAt)}</>}.
      </p>
      {changes.length > 0 && (
        <Table>
          <caption className="sr-only">Your version and the other version of {subject}</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Field</TableHead>
              <TableHead scope="col">Your version</TableHead>
              <TableHead scope="col">Other version</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {changes.map((c) => (
              <TableRow key={c.field}>
                <th scope="row" className="p-3 text-left align-top font-medium">
                  {c.label}
                </th>
                <td className="p-3 align-top break-words whitespace-pre-wrap">{c.mine}</td>
                <td className="p-3 align-top break-words whitespace-pre-wrap">{c.theirs}</td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={() => void resolve("theirs")}>
          Use theirs
        </Button>
        <Button disabled={busy} onClick={() => void resolve("mine")}>
          Keep mine
        </Button>
      </div>
    </li>
  );
}
