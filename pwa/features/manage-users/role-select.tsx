import { ROLES } from "@schema/constants.ts";
import { FormField } from "@/ui/form-field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select.tsx";

export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", clinician: "Clinician" };

export function RoleSelect({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    // The label must reach the trigger (the focusable control), so the field sits inside the Select root.
    <Select value={value} onValueChange={(r) => onChange(r as Role)}>
      <FormField label="Role">
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </FormField>
      <SelectContent>
        {ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
