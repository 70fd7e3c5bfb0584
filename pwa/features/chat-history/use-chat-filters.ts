import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { endOfDayIso, startOfDayIso } from "@/lib/dates.ts";
import type { ChatFilters } from "@/worker/search-logic.ts";

/**
 * The page's filters live in the URL, so a reload or a shared link keeps them. `conversationId` and
 * `patientName` are the spec's own query parameters; the others are ours.
 */
const KEYS = {
  conversation: "conversationId",
  patient: "patientName",
  text: "q",
  idText: "cid",
  start: "start",
  end: "end",
  safety: "risk",
  panel: "filters",
} as const;

/** A local calendar day as YYYY-MM-DD (the URL form of a picked date). */
function dayKey(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
function parseDay(value: string | null): Date | undefined {
  const m = value?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

function filtersFrom(params: URLSearchParams): ChatFilters {
  const startDay = parseDay(params.get(KEYS.start));
  const endDay = parseDay(params.get(KEYS.end));
  return {
    text: params.get(KEYS.text) ?? "",
    conversationIdText: params.get(KEYS.idText) ?? "",
    selectedConversationId: params.get(KEYS.conversation) || null,
    patientName: params.get(KEYS.patient) || null,
    startDate: startDay ? startOfDayIso(startDay) : null,
    endDate: endDay ? endOfDayIso(endDay) : null,
    safetyOnly: params.get(KEYS.safety) === "1",
  };
}

export function useChatFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // One object per distinct URL, so the search re-runs only when a filter really changed.
  const filters = useMemo(() => filtersFrom(new URLSearchParams(key)), [key]);
  const startDay = parseDay(params.get(KEYS.start));
  const endDay = parseDay(params.get(KEYS.end));

  const update = useCallback(
    (changes: Partial<Record<keyof typeof KEYS, string | null>>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            const key = KEYS[name as keyof typeof KEYS];
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    filters,
    startDay,
    endDay,
    panelOpen: params.get(KEYS.panel) === "1",
    setPanelOpen: (open: boolean) => update({ panel: open ? "1" : null }),
    setText: (text: string) => update({ text }),
    /** The search then picks the first matching conversation (SearchResult.autoSelected). */
    setIdText: (idText: string) => update({ idText, conversation: null }),
    /** All Conversations (null) also empties the id box, which would pick a conversation again. */
    select: (conversation: string | null) => update(conversation ? { conversation } : { conversation, idText: null }),
    /** Spec: choosing a patient clears the selected conversation. */
    setPatient: (patient: string | null) => update({ patient, conversation: null, idText: null }),
    setStart: (d: Date | undefined) => update({ start: d ? dayKey(d) : null }),
    setEnd: (d: Date | undefined) => update({ end: d ? dayKey(d) : null }),
    setSafetyOnly: (on: boolean) => update({ safety: on ? "1" : null }),
    clearFilters: () =>
      update({ text: null, idText: null, conversation: null, patient: null, start: null, end: null, safety: null }),
  };
}

export type ChatFiltersState = ReturnType<typeof useChatFilters>;
