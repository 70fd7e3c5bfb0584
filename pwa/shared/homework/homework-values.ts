import { DURATION_UNITS, HOMEWORK_DEFAULTS, HOMEWORK_EDIT_FALLBACK_DURATION } from "@schema/constants.ts";
import { formatDuration, HomeworkCreate, parseDuration, wholeNumberOrOne } from "@schema/homework.ts";
import type { Homework } from "@schema/rows.ts";
import * as v from "valibot";

/**
 * What the homework form holds: the request's fields, with rounds and the duration as typed
 * (a number box and a unit) so a blank or odd entry falls back to 1 instead of blocking the form.
 */
export const HomeworkForm = v.object({
  fear: v.string(),
  exposurePractice: HomeworkCreate.entries.exposurePractice,
  frequency: HomeworkCreate.entries.frequency,
  roundNumber: v.string(),
  durationValue: v.string(),
  durationUnit: v.picklist(DURATION_UNITS),
  safetyBehavior: v.string(),
});
export type HomeworkFormValues = v.InferInput<typeof HomeworkForm>;

const EMPTY: HomeworkFormValues = {
  fear: "",
  exposurePractice: "",
  frequency: HOMEWORK_DEFAULTS.frequency,
  roundNumber: String(HOMEWORK_DEFAULTS.rounds),
  durationValue: String(HOMEWORK_DEFAULTS.duration),
  durationUnit: HOMEWORK_DEFAULTS.unit,
  safetyBehavior: "",
};

function valuesOf(homework: Homework, duration: string): HomeworkFormValues {
  const { value, unit } = parseDuration(duration);
  return {
    fear: homework.fear,
    exposurePractice: homework.exposurePractice,
    frequency: homework.frequency,
    roundNumber: String(homework.roundNumber),
    durationValue: String(value),
    durationUnit: unit,
    safetyBehavior: homework.safetyBehavior ?? "",
  };
}

/** The Add dialog starts from the patient's latest assignment, or the spec's defaults when there is none. */
export const addValues = (latest: Homework | undefined): HomeworkFormValues =>
  latest ? valuesOf(latest, latest.roundDuration) : EMPTY;

/** Edit loads the card's values; a stored duration that is blank reads as the spec's 5 minutes. */
export const editValues = (homework: Homework): HomeworkFormValues =>
  valuesOf(homework, homework.roundDuration?.trim() || HOMEWORK_EDIT_FALLBACK_DURATION);

/** The request's fields from what was typed: whole numbers of at least 1, "<n> <unit>", blank safety behavior as none. */
export const fieldsOf = (value: HomeworkFormValues) => ({
  fear: value.fear,
  exposurePractice: value.exposurePractice ?? "",
  frequency: value.frequency ?? "",
  roundNumber: wholeNumberOrOne(value.roundNumber),
  roundDuration: formatDuration(wholeNumberOrOne(value.durationValue), value.durationUnit),
  safetyBehavior: value.safetyBehavior,
});
