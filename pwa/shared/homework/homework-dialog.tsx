import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { HomeworkPanel } from "./homework-panel.tsx";

/** The Patients page's homework management for one patient (by username). */
export function HomeworkDialog({
  patientName,
  open,
  onOpenChange,
}: {
  patientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Homework</DialogTitle>
          <DialogDescription>Assignments for {patientName}</DialogDescription>
        </DialogHeader>
        {open && <HomeworkPanel patientName={patientName} />}
      </DialogContent>
    </Dialog>
  );
}
