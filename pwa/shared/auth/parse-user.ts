import { CurrentUser, LoginAnswer } from "@schema/rows.ts";
import { parseAnswer } from "@/lib/api-parsed.ts";

/**
 * The answers that are the current user (GET /api/user, registration, a profile change), parsed
 * (a lazy chunk: the landing page's first load carries no valibot).
 */
export const parseUser = (body: unknown, path = "/api/user"): CurrentUser => parseAnswer(path, CurrentUser, body);

/** POST /api/login's answer: the user and the failed sign-ins since the last one. */
export const parseLogin = (body: unknown): LoginAnswer => parseAnswer("/api/login", LoginAnswer, body);
