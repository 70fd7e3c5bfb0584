import * as v from "valibot";
import { type ApiOptions, api, BadAnswerError } from "./api.ts";

/** An answer `path` sent, parsed with its schema (types inferred from it); anything else is a BadAnswerError. */
export function parseAnswer<S extends v.GenericSchema>(path: string, schema: S, body: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw new BadAnswerError(path);
  return parsed.output;
}

/** `api` for an answer the device keeps: parsed with its schema before anyone sees it. */
export async function apiParsed<S extends v.GenericSchema>(
  path: string,
  schema: S,
  options: ApiOptions = {},
): Promise<v.InferOutput<S>> {
  return parseAnswer(path, schema, await api<unknown>(path, options));
}
