import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL("./pwa", import.meta.url)),
  "@schema": fileURLToPath(new URL("./schema", import.meta.url)),
};

// Tests that need the real server app (API tests and the sync engine) run once
// on embedded PGlite and, when TEST_DATABASE_URL is set, again on real PostgreSQL.
const serverTests = ["sync-server/**/*.test.ts", "pwa/local/**/*.test.ts"];
const serverProject = (name: string, db: string) => ({
  resolve: { alias },
  test: {
    name,
    include: serverTests,
    environment: "node",
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["schema/**/*.test.ts", "pwa/**/*.test.{ts,tsx}"],
          exclude: ["pwa/local/**"],
          environment: "happy-dom",
          setupFiles: ["pwa/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
      serverProject("api-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("api-postgres", "postgres")] : []),
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ["e2e/global-setup.ts"],
        },
      },
    ],
  },
});
