import * as v from "valibot";
import { type DURATION_UNITS, HOMEWORK_DEFAULTS, HOMEWORK_FREQUENCIES } from "./constants.ts";
import { messages } from "./messages.ts";

/**
 * The homework add and edit forms (spec section 5) and the bodies of
 * POST /api/homework and PUT /api/homework/{id}, in the spec's camelCase.
 * No server imports: the PWA's forms validate with the same schemas.
 */
export const homeworkMessages = {
  frequency: `Frequency must be one of: ${HOMEWORK_FREQUENCIES.join(", ")}`,
  rounds: "Rounds must be a whole number of at least 1",
  duration: 'Duration must be a whole number of at least 1 followed by minutes or seconds, such as "15 minutes"',
  text: "Homework texts must be text",
  idFormat: "A homework id must be a UUID",
  body: "The request body must be a JSON object",
} as const;

export type DurationUnit = (typeof DURATION_UNITS)[number];

/** A stored duration: the number, a space, then the unit ("15 minutes"). */
export const formatDuration = (value: number, unit: DurationUnit) => `${value} ${unit}`;

/** The spec's reading of a stored duration: 15 when there is no number; minutes if the text says minute, else seconds. */
export function parseDuration(text: string | null | undefined): { value: number; unit: DurationUnit } {
  const value = Number.parseInt(text ?? "", 10);
  return {
    value: Number.isNaN(value) ? HOMEWORK_DEFAULTS.duration : value,
    unit: text?.includes("minute") ? "minutes" : "seconds",
  };
}

/** The forms' reading of a rounds or duration box: a whole number, at least 1, and 1 when it is not a number. */
export function wholeNumberOrOne(input: unknown): number {
  const n = Math.trunc(Number(input));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

const v_ = messages.validation;

const patientName = v.pipe(v.nullish(v.string(v_.patientNameMissing), ""), v.trim(), v.nonEmpty(v_.patientNameMissing));
const exposurePractice = v.pipe(
  v.nullish(v.string(v_.exposurePractice), ""),
  v.trim(),
  v.nonEmpty(v_.exposurePractice),
);
const frequency = v.pipe(
  v.nullish(v.string(homeworkMessages.frequency), ""),
  v.picklist(HOMEWORK_FREQUENCIES, homeworkMessages.frequency),
);
// A number typed into a form may arrive as a string of digits; anything else is refused.
const roundNumber = v.pipe(
  v.union([v.number(), v.string()], homeworkMessages.rounds),
  v.transform((value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
  v.number(homeworkMessages.rounds),
  v.integer(homeworkMessages.rounds),
  v.minValue(1, homeworkMessages.rounds),
);
const roundDuration = v.pipe(
  v.string(homeworkMessages.duration),
  v.trim(),
  v.regex(/^0*[1-9]\d{0,8} (minutes|seconds)$/, homeworkMessages.duration),
  v.transform((text) => formatDuration(Number.parseInt(text, 10), text.endsWith("minutes") ? "minutes" : "seconds")),
);
// Left out, null or blank: none.
const optionalText = v.pipe(
  v.nullish(v.string(homeworkMessages.text), ""),
  v.transform((text): string | null => text.trim() || null),
);
const fear = v.pipe(
  v.nullish(v.string(homeworkMessages.text), ""),
  v.transform((text) => text.trim()),
);

export const HomeworkCreate = v.object(
  {
    /** Made on the device that created the homework offline. */
    id: v.optional(v.pipe(v.string(homeworkMessages.idFormat), v.uuid(homeworkMessages.idFormat))),
    patientName,
    fear,
    exposurePractice,
    frequency,
    roundNumber: v.optional(roundNumber, HOMEWORK_DEFAULTS.rounds),
    roundDuration: v.optional(roundDuration, formatDuration(HOMEWORK_DEFAULTS.duration, HOMEWORK_DEFAULTS.unit)),
    safetyBehavior: optionalText,
  },
  homeworkMessages.body,
);
export type HomeworkCreate = v.InferOutput<typeof HomeworkCreate>;

/** An edit: the same fields without patientName; a field left out keeps its stored value. */
export const HomeworkUpdate = v.object(
  {
    fear: v.optional(fear),
    exposurePractice: v.optional(exposurePractice),
    frequency: v.optional(frequency),
    roundNumber: v.optional(roundNumber),
    roundDuration: v.optional(roundDuration),
    safetyBehavior: v.optional(optionalText),
  },
  homeworkMessages.body,
);
export type HomeworkUpdate = v.InferOutput<typeof HomeworkUpdate>;
