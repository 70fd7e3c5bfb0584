import { PROMPT_SKELETON_ROWS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import type { Prompt } from "@schema/rows.ts";
import { EyeIcon, Trash2Icon } from "lucide-react";
import { type MouseEvent, useId } from "react";
import { formatDateTime } from "@/lib/dates.ts";
import { Button } from "@/ui/button.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";
import { preview, undeletableReason } from "./prompt-list.ts";

interface Props {
  prompts: Prompt[];
  loading: boolean;
  /** The prompts on this device could not be read. */
  failed: boolean;
  /** Prompts before the search: tells "none match" from "none created". */
  total: number;
  canDelete: boolean;
  online: boolean;
  onOpen: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
  onMark: (kind: "prompt.setCurrent" | "prompt.setTest", id: string) => void;
}

/** A click on a control inside a row does that control's job, not the row's. */
const onControl = (e: MouseEvent) => (e.target as HTMLElement).closest("input, button, label, a") !== null;

/** Native radios share a name across rows, so each column is one radio group for keyboards and screen readers. */
function MarkRadio(props: { name: string; label: string; checked: boolean; onSelect: () => void }) {
  return (
    <label className="inline-flex size-11 cursor-pointer items-center justify-center">
      <input
        type="radio"
        name={props.name}
        aria-label={props.label}
        checked={props.checked}
        onChange={props.onSelect}
        className="size-5 cursor-pointer accent-primary"
      />
    </label>
  );
}

/** Delete, off for the current and the test prompt with the reason beside it (the server would refuse). */
function DeleteButton({
  prompt,
  online,
  onDelete,
}: {
  prompt: Prompt;
  online: boolean;
  onDelete: (p: Prompt) => void;
}) {
  const reasonId = useId();
  const reason = undeletableReason(prompt);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive"
        disabled={!online || reason !== null}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => onDelete(prompt)}
        aria-label={`Delete ${prompt.title}`}
      >
        <Trash2Icon aria-hidden /> Delete
      </Button>
      {reason && (
        <span id={reasonId} className="block text-xs text-muted-foreground">
          {reason}
        </span>
      )}
    </>
  );
}

export function PromptTable({ prompts, loading, failed, total, canDelete, online, onOpen, onDelete, onMark }: Props) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Owner</TableHead>
          <TableHead>Date</TableHead>
          <TableHead className="text-center">Current</TableHead>
          <TableHead className="text-center">Test</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          Array.from({ length: PROMPT_SKELETON_ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <TableRow key={i} data-testid="prompt-skeleton">
              <TableCell colSpan={6}>
                <Skeleton className="h-10 w-full" />
              </TableCell>
            </TableRow>
          ))
        ) : failed ? (
          <TableRow>
            <TableCell colSpan={6} className="py-10 text-center text-destructive">
              <span role="alert">Error loading prompts</span>
            </TableCell>
          </TableRow>
        ) : prompts.length === 0 ? (
          <TableRow>
            <TableCell colSpan={6} className="py-10 text-center text-muted-foreground">
              {total === 0
                ? "No prompts have been created yet. Create one on the Input Prompt page."
                : "No prompts match your search."}
            </TableCell>
          </TableRow>
        ) : (
          prompts.map((p) => (
            <TableRow key={p.id} className="cursor-pointer" onClick={(e) => onControl(e) || onOpen(p)}>
              <TableCell className="max-w-md">
                <div className="font-medium">{p.title}</div>
                <div className="truncate text-xs text-muted-foreground">{preview(p.prompt)}</div>
              </TableCell>
              <TableCell>{p.owner}</TableCell>
              <TableCell className="whitespace-nowrap">
                {p.created_at ? formatDateTime(p.created_at) : messages.generic.unknownDate}
              </TableCell>
              <TableCell className="text-center">
                <MarkRadio
                  name="current-prompt"
                  label={`Current prompt: ${p.title}`}
                  checked={p.is_current}
                  onSelect={() => onMark("prompt.setCurrent", p.id)}
                />
              </TableCell>
              <TableCell className="text-center">
                <MarkRadio
                  name="test-prompt"
                  label={`Test prompt: ${p.title}`}
                  checked={p.is_test}
                  onSelect={() => onMark("prompt.setTest", p.id)}
                />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <Button variant="ghost" size="sm" onClick={() => onOpen(p)} aria-label={`View ${p.title}`}>
                  <EyeIcon aria-hidden /> View
                </Button>
                {canDelete && <DeleteButton prompt={p} online={online} onDelete={onDelete} />}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
