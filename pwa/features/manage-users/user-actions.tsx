import { accountMessages } from "@schema/auth.ts";
import { KeyRoundIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/ui/button.tsx";
import type { AdminUser } from "./users-api.ts";

interface Props {
  user: AdminUser;
  /** The signed-in admin's own row: deleting it would lock them out, so the server refuses it. */
  isMe: boolean;
  online: boolean;
  onEdit: (user: AdminUser) => void;
  onReset: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/**
 * A user's row actions with visible words (a tablet has no hover for tooltips); each accessible
 * name starts with those words and names the account, so speech input and screen readers agree.
 */
export function UserActions({ user, isMe, online, onEdit, onReset, onDelete }: Props) {
  const noteId = useId();
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap justify-end gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Edit ${user.username}`}
          onClick={() => onEdit(user)}
          disabled={!online}
        >
          <PencilIcon aria-hidden /> Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Reset password of ${user.username}`}
          onClick={() => onReset(user)}
          disabled={!online}
        >
          <KeyRoundIcon aria-hidden /> Reset password
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive"
          aria-label={`Delete ${user.username}`}
          aria-describedby={isMe ? noteId : undefined}
          onClick={() => onDelete(user)}
          disabled={!online || isMe}
        >
          <Trash2Icon aria-hidden /> Delete
        </Button>
      </div>
      {isMe && (
        <p id={noteId} className="text-xs text-muted-foreground">
          {accountMessages.cannotDeleteSelf}.
        </p>
      )}
    </div>
  );
}
