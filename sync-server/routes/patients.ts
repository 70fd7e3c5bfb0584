import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const patientsRoutes = new Hono<AppEnv>();
