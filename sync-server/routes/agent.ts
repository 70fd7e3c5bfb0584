import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const agentRoutes = new Hono<AppEnv>();
