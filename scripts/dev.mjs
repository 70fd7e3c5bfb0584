// npm run dev: the API server (restarting on change) beside Vite's dev server, which proxies /api to it.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "sync-server/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: "3001" } }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
