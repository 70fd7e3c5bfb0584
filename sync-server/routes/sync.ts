import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const syncRoutes = new Hono<AppEnv>();
