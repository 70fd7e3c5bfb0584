import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const activityRoutes = new Hono<AppEnv>();
