import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const homeworkRoutes = new Hono<AppEnv>();
