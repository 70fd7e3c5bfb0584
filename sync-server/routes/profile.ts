import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const profileRoutes = new Hono<AppEnv>();
