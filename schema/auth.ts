import * as v from "valibot";
import {
  ACTIVITY_TYPES,
  DATA_DELETE_ACTIVITY,
  DELETED_ROLE,
  FHIR_EXPORT_ACTIVITY,
  PASSWORD_MIN,
  PROMPT_MARK_ACTIVITY,
  RECORD_VIEW_ACTIVITY,
  ROLES,
} from "./constants.ts";
import { errorTexts } from "./error-codes.ts";
import { messages } from "./messages.ts";
import { queryWholeNumber } from "./query.ts";

/**
 * Request bodies of the accounts API (sign-in, invitations, users, profile,
 * activity log). The server validates with these; the PWA's forms reuse them.
 */
const m = messages.validation;

/** Texts the spec leaves to us; the PWA shows them as the server's message. */
export const accountMessages = {
  wrongCredentials: errorTexts.invalid_credentials,
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  failedAttemptsTitle: "Failed sign-in attempts",
  failedAttemptsSince: (count: number) =>
    `There ${count === 1 ? "was 1 failed sign-in attempt" : `were ${count} failed sign-in attempts`} on your account since you last signed in.`,
  invitationInvalid: "This invitation link is invalid or has expired.",
  invitationUsed: "This invitation link has already been used.",
  invitationOtherEmail: "This invitation was sent to a different email address.",
  invitationRequired: "An invitation is required to register.",
  accountExists: "An account with this email already exists",
  emailInUse: "That email address is already in use",
  currentPasswordWrong: "Current password is incorrect",
  samePassword: "The new password must be different from the current one",
  passwordChanged: "Password changed",
  oneTimePasswordExpired: errorTexts.password_expired,
  invitationDeletedAccount: "This account was deleted. Add the user again in Manage Users instead of inviting them.",
  userNotFound: "User not found",
  cannotDeleteSelf: "You cannot delete your own account",
  cannotDemoteSelf: "You cannot remove your own administrator role",
  lastAdmin: "The last administrator cannot be removed",
  roleInvalid: "Role must be admin or clinician",
  editRoleInvalid: "Role must be admin, clinician or delete",
  nameTooLong: "Names must be at most 100 characters",
  passwordTooLong: "Password must be at most 200 characters",
  activityTypeInvalid: "Unknown activity type",
  dateInvalid: "Dates must be valid ISO dates",
  limitInvalid: "limit must be a whole number from 1 to 2000",
  offsetInvalid: "offset must be a whole number of 0 or more",
  notAnObject: "The request body must be a JSON object",
} as const;

const a = accountMessages;

// A missing field reads as "", so it gets the field's own message rather than valibot's "Invalid key".
const text = (message: string) => v.optional(v.string(message), "");
const email = (message: string) =>
  v.pipe(text(message), v.trim(), v.nonEmpty(message), v.maxLength(254, message), v.email(message));
const password = (min: number, message: string) =>
  v.pipe(text(message), v.minLength(min, message), v.maxLength(200, a.passwordTooLong));
const name = (message: string) => v.pipe(text(message), v.trim(), v.nonEmpty(message), v.maxLength(100, a.nameTooLong));
const optionalName = v.optional(v.pipe(v.string(a.nameTooLong), v.trim(), v.maxLength(100, a.nameTooLong)), "");

export const LoginBody = v.object(
  {
    username: email(m.loginEmail),
    password: password(PASSWORD_MIN.login, m.loginPassword),
  },
  a.notAnObject,
);
export type LoginBody = v.InferOutput<typeof LoginBody>;

export const RegisterBody = v.object(
  {
    token: v.pipe(text(a.invitationRequired), v.trim(), v.nonEmpty(a.invitationRequired), v.maxLength(200)),
    username: email(m.loginEmail),
    password: password(PASSWORD_MIN.register, m.registerPassword),
    first_name: name(m.registerFirstName),
    last_name: name(m.registerLastName),
  },
  a.notAnObject,
);
export type RegisterBody = v.InferOutput<typeof RegisterBody>;

export const InvitationBody = v.object(
  {
    email: email(m.invitationEmail),
    customMessage: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000))), null),
  },
  a.notAnObject,
);
export type InvitationBody = v.InferOutput<typeof InvitationBody>;

/**
 * POST /api/send-invitation's answer. `delivery` is what clients decide on: "email" when the e-mail
 * went out, "manual_link" when it could not (no e-mail service, or it refused) and the admin must hand
 * over the link made from `token`. `success` and `message` stay for clients that read them.
 */
export const InvitationAnswer = v.object({
  success: v.boolean(),
  message: v.string(),
  token: v.string(),
  delivery: v.picklist(["email", "manual_link"]),
});
export type InvitationAnswer = v.InferOutput<typeof InvitationAnswer>;

export const ProfileBody = v.object(
  {
    first_name: name(m.profileFirstName),
    last_name: name(m.profileLastName),
    username: email(m.profileEmail),
  },
  a.notAnObject,
);
export type ProfileBody = v.InferOutput<typeof ProfileBody>;

export const ChangePasswordBody = v.object(
  {
    current_password: password(PASSWORD_MIN.change, m.changePasswordMin),
    new_password: password(PASSWORD_MIN.change, m.changePasswordMin),
  },
  a.notAnObject,
);
export type ChangePasswordBody = v.InferOutput<typeof ChangePasswordBody>;

export const AddUserBody = v.object(
  {
    username: v.pipe(
      text(m.usernameRequired),
      v.trim(),
      v.nonEmpty(m.usernameRequired),
      v.maxLength(254, m.usernameEmail),
      v.email(m.usernameEmail),
    ),
    first_name: optionalName,
    last_name: optionalName,
    role: v.optional(v.picklist(ROLES, a.roleInvalid), "clinician"),
    /** Accepted for the spec's client, never used: a new account gets a random one-time password. */
    password: v.optional(v.unknown()),
  },
  a.notAnObject,
);
export type AddUserBody = v.InferOutput<typeof AddUserBody>;

const EDIT_ROLES = [...ROLES, DELETED_ROLE] as const;

export const EditUserBody = v.object(
  {
    first_name: v.optional(name(m.profileFirstName)),
    last_name: v.optional(name(m.profileLastName)),
    role: v.optional(v.picklist(EDIT_ROLES, a.editRoleInvalid)),
  },
  a.notAnObject,
);
export type EditUserBody = v.InferOutput<typeof EditUserBody>;

export const ACTIVITY_FILTER_TYPES = [
  ...ACTIVITY_TYPES,
  DATA_DELETE_ACTIVITY,
  PROMPT_MARK_ACTIVITY,
  FHIR_EXPORT_ACTIVITY,
  RECORD_VIEW_ACTIVITY,
] as const;

// ISO 8601 date or date-time, as the PWA's date pickers send them.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const isoDate = v.pipe(
  v.string(a.dateInvalid),
  v.regex(ISO_DATE, a.dateInvalid),
  v.check((s) => !Number.isNaN(Date.parse(s)), a.dateInvalid),
);
/** Query of GET /api/admin/user-activity; every field optional, empty values ignored. */
export const ActivityQuery = v.object({
  activityType: v.optional(v.picklist(ACTIVITY_FILTER_TYPES, a.activityTypeInvalid)),
  userId: v.optional(v.pipe(v.string(), v.maxLength(100))),
  /** Only what concerns this patient (record views). */
  patientId: v.optional(v.pipe(v.string(), v.maxLength(100))),
  startDate: v.optional(isoDate),
  endDate: v.optional(isoDate),
  limit: v.optional(queryWholeNumber(a.limitInvalid, 1, 2000), "500"),
  offset: v.optional(queryWholeNumber(a.offsetInvalid, 0, 1e9), "0"),
});
export type ActivityQuery = v.InferOutput<typeof ActivityQuery>;
