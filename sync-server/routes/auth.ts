import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const authRoutes = new Hono<AppEnv>();
