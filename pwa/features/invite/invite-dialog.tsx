import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";

export default function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Invite a User</DialogTitle>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
