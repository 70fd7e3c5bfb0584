import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const promptsRoutes = new Hono<AppEnv>();
