import { CurrentUser } from "@schema/rows.ts";
import { parseAnswer } from "@/lib/api-parsed.ts";

/** GET /api/user's answer, parsed (a lazy chunk: the landing page's first load carries no valibot). */
export const parseUser = (body: unknown): CurrentUser => parseAnswer("/api/user", CurrentUser, body);
