import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const conversationsRoutes = new Hono<AppEnv>();
