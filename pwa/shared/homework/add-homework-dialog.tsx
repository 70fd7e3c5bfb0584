import type { Homework } from "@schema/rows.ts";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/ui/dialog.tsx";
import { HomeworkFormBody } from "./homework-form.tsx";
import { addValues } from "./homework-values.ts";
import { useHomeworkActions } from "./use-homework.ts";

/** Add opens prefilled from the patient's latest assignment; Create closes it once saved. */
export function AddHomeworkDialog({
  patientName,
  latest,
  disabled,
}: {
  patientName: string;
  latest: Homework | undefined;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const actions = useHomeworkActions();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" disabled={disabled} aria-label="Add homework assignment">
          <PlusIcon aria-hidden />
          Add
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Homework Assignment</DialogTitle>
          <DialogDescription>For {patientName}</DialogDescription>
        </DialogHeader>
        {open && (
          <HomeworkFormBody
            initial={addValues(latest)}
            submitLabel="Create"
            pendingLabel="Creating..."
            onCancel={() => setOpen(false)}
            onSubmit={async (value) => {
              if (await actions.create(patientName, value)) setOpen(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
