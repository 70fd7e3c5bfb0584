import * as v from "valibot";

/** A whole number given as a query-string value, between min and max. */
export const queryWholeNumber = (message: string, min: number, max: number) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,9}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
