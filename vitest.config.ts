import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL("./pwa", import.meta.url)),
  "@schema": fileURLToPath(new URL("./schema", import.meta.url)),
};
// As in the app's build (vite.config.ts): Radix takes its ids from pwa/ui/radix-id.ts. Radix's
// packages are run through Vite for that, not loaded from node_modules as they are.
const radixId = { "@radix-ui/react-id": fileURLToPath(new URL("./pwa/ui/radix-id.ts", import.meta.url)) };

// Tests that need the real server app (API tests and the sync engine) run once
// on embedded PGlite and, when TEST_DATABASE_URL is set, again on real PostgreSQL.
const serverTests = ["sync-server/**/*.test.ts", "pwa/local/**/*.test.ts"];
// PostgreSQL files run one at a time, after the others: a pull reads changes up to the oldest open
// transaction on the server, so another file's open transactions make pulls send rows again.
const serverProject = (name: string, db: string) => ({
  resolve: { alias },
  test: {
    name,
    ...(db === "postgres" && { maxWorkers: 1, sequence: { groupOrder: 1 } }),
    include: serverTests,
    environment: "node",
    env: { TEST_DB: db },
    globalSetup: ["sync-server/test/template-database.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine would be one file at a time; much of a file's time
    // is spent waiting on PostgreSQL, the e2e server or Chromium, so two overlap well.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: { ...radixId, ...alias } },
        test: {
          name: "unit",
          include: ["schema/**/*.test.ts", "pwa/**/*.test.{ts,tsx}"],
          exclude: ["pwa/local/**"],
          environment: "happy-dom",
          server: { deps: { inline: [/[\\/]node_modules[\\/](radix-ui|@radix-ui)[\\/]/] } },
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
          // Two files at a time, each on its own server (global-setup.ts starts one per worker).
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ["e2e/global-setup.ts"],
        },
      },
    ],
  },
});
