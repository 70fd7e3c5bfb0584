/** The spec's business constants (section 9) and the contract's fixed values. */
export const PATIENT_AGE = { min: 12, max: 19 } as const;
export const GENDERS = ["male", "female", "prefer_not_to_say"] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: "Male",
  female: "Female",
  prefer_not_to_say: "Do not want to say",
};
export const ROLES = ["admin", "clinician"] as const;
export const DELETED_ROLE = "delete";
export const PASSWORD_MIN = { login: 4, register: 6, change: 6 } as const;

export const HOMEWORK_FREQUENCIES = [
  "once a week",
  "twice a week",
  "three days a week",
  "four days a week",
  "five days a week",
  "six days a week",
  "every day",
] as const;
export const DURATION_UNITS = ["minutes", "seconds"] as const;
export const HOMEWORK_DEFAULTS = { frequency: "once a week", rounds: 1, duration: 15, unit: "minutes" } as const;
export const HOMEWORK_EDIT_FALLBACK_DURATION = "5 minutes";
export const HOMEWORK_LIST_HEIGHT_PX = 250;
export const HOMEWORK_SKELETON_CARDS = 5;

export const PROMPT_LIMITS = { titleMin: 5, titleMax: 100, promptMin: 10, promptMax: 20_000 } as const;
export const DEFAULT_PROMPT_OWNER = "test_prompt";
export const PROMPT_TITLE_PREVIEW = 60;
export const SUMMARY_PREVIEW = 50;
export const PROMPT_SKELETON_ROWS = 4;
export const PROMPT_SORTS = ["date-desc", "date-asc", "title-asc", "title-desc", "owner-asc", "owner-desc"] as const;

export const ACTIVITY_TYPES = ["login", "login_failed", "logout", "profile_update", "password_change"] as const;
/** Beyond the spec: bulk conversation deletes are logged too. */
export const DATA_DELETE_ACTIVITY = "data_delete";
/** Beyond the spec: every move of the current or test mark is logged (who, which mark, from which prompt to which). */
export const PROMPT_MARK_ACTIVITY = "prompt_mark";
/** Beyond the spec: every FHIR export of a patient (GET /api/patients/{id}/fhir) is logged, with the patient. */
export const FHIR_EXPORT_ACTIVITY = "fhir_export";
/** Beyond the spec: opening a patient's Chat History, a conversation, a summary or homework is logged, offline too. */
export const RECORD_VIEW_ACTIVITY = "record_view";

export const TIMINGS = {
  fetchTimeoutMs: 10_000,
  promptCreateTimeoutMs: 5_000,
  userFreshMs: 300_000,
  conversationsFreshMs: 30_000,
  usersPatientsFreshMs: 60_000,
  promptListRefetchMs: 60_000,
  promptListStaleMs: 10_000,
  promptDetailStaleMs: 60_000,
  bannerMs: 10_000,
  toastMs: 3_000,
  manualInviteToastMs: 10_000,
  logoutAfterEmailChangeMs: 3_000,
} as const;

export const INVITATION_TTL_DAYS = 7;
/** An initial or reset password is a one-time secret that signs in for this long. */
export const ONE_TIME_PASSWORD_TTL_HOURS = 24;
/** The Data Management menu's bulk deletes, sent where DELETE /api/conversations/patient/{name} takes a patient. */
export const BULK_DELETE = {
  testData: "delete_test_data",
  userData: "delete_user_data",
  samplePatients: "delete_sample_patients",
} as const;
export const BULK_DELETE_VALUES: readonly string[] = Object.values(BULK_DELETE);
