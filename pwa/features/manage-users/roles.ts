import { ROLES } from "@schema/constants.ts";

export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", clinician: "Clinician" };

/** The Role field's choices, for the form kit's SelectField. */
export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
