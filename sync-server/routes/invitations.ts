import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const invitationsRoutes = new Hono<AppEnv>();
