import type { Patient } from "@schema/rows.ts";
import { DownloadIcon } from "lucide-react";
import { useId, useState } from "react";
import { api, errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";
import { useOnline } from "@/lib/use-online.ts";
import { Button } from "@/ui/button.tsx";

export const FHIR_EXPORT_OFFLINE = "The FHIR export is made by the server: it needs a connection.";

/**
 * Downloads the patient as a FHIR R4 bundle (GET /api/patients/{id}/fhir) for another clinical
 * system. The server builds it from what it stores, so the button waits for a connection.
 */
export function FhirExportButton({ patient }: { patient: Patient }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const noteId = useId();

  async function download() {
    setBusy(true);
    try {
      const bundle = await api(`/api/patients/${encodeURIComponent(patient.id)}/fhir`);
      saveFile(`stepwise-${patient.username}-fhir.json`, JSON.stringify(bundle, null, 2));
    } catch (err) {
      notify.error("FHIR export failed", errorMessage(err, "The export could not be downloaded."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={!online || busy}
        aria-describedby={online ? undefined : noteId}
        onClick={download}
      >
        <DownloadIcon aria-hidden />
        {busy ? "Preparing FHIR export…" : "Download FHIR export"}
      </Button>
      {!online && (
        <p id={noteId} className="max-w-56 text-right text-xs text-muted-foreground">
          {FHIR_EXPORT_OFFLINE}
        </p>
      )}
    </div>
  );
}

/** Hands the text to the browser as a file download (a blob behind a link that is clicked once). */
function saveFile(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/fhir+json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
