import type { Summary } from "@schema/rows.ts";
import { ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/lib/api.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { staffName } from "@/lib/display-name.ts";
import { notify } from "@/lib/notify.tsx";
import type { Local } from "@/local/index.ts";
import { announceSave } from "@/shared/sync/announce-save.ts";
import { PendingBadge } from "@/shared/sync/pending-badge.tsx";
import { useSyncEngine } from "@/shared/sync/sync-context.ts";
import { Button } from "@/ui/button.tsx";

/** Issue 16's texts (not spec texts, so kept with the feature). */
export const safetyReviewTexts = {
  mark: "Mark safety flag reviewed",
  marked: "Safety flag marked reviewed",
  failed: "Failed to mark safety flag reviewed",
  reviewed: (name: string, at: string) => `Safety flag reviewed by ${name} on ${at}`,
} as const;

const t = safetyReviewTexts;

/**
 * For a summary with the safety flag: who reviewed it and when, or (for a summary on this device) the
 * button that marks it reviewed by this user. The mark goes through the outbox like every edit, so it
 * shows at once and works offline; its toast says whether the server has it yet (announceSave).
 */
export function SafetyReview({ summary: s, markable }: { summary: Local<Summary>; markable: boolean }) {
  const engine = useSyncEngine();
  const [busy, setBusy] = useState(false);
  if (!s.is_safetychecker) return null;
  if (s.safety_reviewed_at) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex items-center gap-1.5">
          <ShieldCheckIcon className="size-4 text-muted-foreground" aria-hidden />
          {t.reviewed(staffName({ first_name: s.safety_reviewed_by_name }), formatDateTime(s.safety_reviewed_at))}
        </p>
        <PendingBadge row={s} failedLabel={(why) => `${t.failed}: ${why}`} />
      </div>
    );
  }
  if (!markable) return null;
  const mark = async () => {
    setBusy(true);
    try {
      const { sent } = await engine.mutate({ kind: "summary.safetyReview", id: s.id });
      void announceSave(sent, { success: t.marked, refused: (why) => notify.error(t.failed, why || t.failed) });
    } catch (err) {
      notify.error(t.failed, errorMessage(err, t.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" className="min-h-11" disabled={busy} onClick={() => void mark()}>
        <ShieldCheckIcon aria-hidden />
        {t.mark}
      </Button>
      <PendingBadge row={s} failedLabel={(why) => `${t.failed}: ${why}`} />
    </div>
  );
}
