import { AlertCircleIcon } from "lucide-react";
import type { ReactNode } from "react";

export function FormAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-semibold text-destructive">{title}</p>
        <p>{children}</p>
      </div>
    </div>
  );
}
