import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const summariesRoutes = new Hono<AppEnv>();
