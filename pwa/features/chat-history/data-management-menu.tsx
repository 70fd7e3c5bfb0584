import { BULK_DELETE } from "@schema/constants.ts";
import { DatabaseIcon } from "lucide-react";
import { useState } from "react";
import { usePublicConfig } from "@/lib/config.ts";
import { useOnline } from "@/lib/use-online.ts";
import { Button } from "@/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/ui/dropdown-menu.tsx";
import { DeleteConversationsDialog } from "./delete-conversations-dialog.tsx";

interface Choice {
  target: string;
  label: string;
  item: string;
}

/** The admin's Data Management menu: five bulk deletes, each confirmed with its count. Needs a connection. */
export function DataManagementMenu() {
  const online = useOnline();
  const config = usePublicConfig();
  const [first, second] = config.data?.samplePatients ?? ["sample_patient_1", "sample_patient_2"];
  const [chosen, setChosen] = useState<Choice | null>(null);
  const choices: Choice[] = [
    { target: BULK_DELETE.testData, label: "test data", item: "Delete test data" },
    { target: BULK_DELETE.userData, label: "user data", item: "Delete user data" },
    { target: first, label: `all data of ${first}`, item: `Delete all data of ${first}` },
    { target: second, label: `all data of ${second}`, item: `Delete all data of ${second}` },
    {
      target: BULK_DELETE.samplePatients,
      label: `all data of ${first} and ${second}`,
      item: "Delete both sample patients",
    },
  ];
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
            <DatabaseIcon aria-hidden />
            Data Management
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{online ? "Data Management" : "Deleting data needs a connection"}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {choices.map((c) => (
            <DropdownMenuItem key={c.target} destructive disabled={!online} onSelect={() => setChosen(c)}>
              {c.item}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteConversationsDialog
        target={chosen?.target ?? null}
        label={chosen?.label ?? ""}
        onOpenChange={(open) => !open && setChosen(null)}
      />
    </>
  );
}
