import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const usersRoutes = new Hono<AppEnv>();
