import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./scripts/precompress.ts";

export const THEME_COLOR = "#0f766e";

// React Router's package exports only its development build (dev-time checks and warnings); the
// production build ships beside it, half a kilobyte smaller in the first load of `/`.
const routerProduction = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

const featurePage = (moduleId: string | null) =>
  moduleId?.match(/\/features\/([\w-]+)\/page\.tsx$/)?.[1]?.concat("-page");

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL("./pwa", import.meta.url))}/` },
      { find: /^@schema\//, replacement: `${fileURLToPath(new URL("./schema", import.meta.url))}/` },
      // Radix's ids without its layout-effect update (pwa/ui/radix-id.ts; vitest.config.ts does the same).
      { find: /^@radix-ui\/react-id$/, replacement: fileURLToPath(new URL("./pwa/ui/radix-id.ts", import.meta.url)) },
      ...(existsSync(routerProduction) ? [{ find: /^react-router$/, replacement: routerProduction }] : []),
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // The app asks before reloading: a clinician may be mid-edit when an update lands.
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["favicon.ico", "apple-touch-icon-180x180.png", "logo.svg"],
      manifest: {
        name: "Stepwise",
        short_name: "Stepwise",
        description: "The clinician console of Stepwise, an exposure-therapy homework coach for anxious teens.",
        theme_color: THEME_COLOR,
        background_color: "#ffffff",
        display: "standalone",
        start_url: "/",
        scope: "/",
        icons: [
          { src: "pwa-64x64.png", sizes: "64x64", type: "image/png" },
          { src: "pwa-192x192.png", sizes: "192x192", type: "image/png" },
          { src: "pwa-512x512.png", sizes: "512x512", type: "image/png" },
          { src: "maskable-icon-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // Not mp4 or vtt: the intro video (public/media) streams from the network and is never precached.
        globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2,webmanifest}"],
        navigateFallback: "index.html",
        // The API is never answered from the cache: signed-in data lives in the device store instead.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // After the service worker is written: .br/.gz beside each text asset for the server to pick.
    precompress(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    // A lazy screen's chunks are not announced with <link rel="modulepreload"> from script: the
    // service worker serves them from its precache, and appending dozens of links cost a slowed
    // tablet's main thread 0.2–0.3 s in the middle of a first sync. The page's own entry keeps them.
    // Sign-in's forms are the exception: they are opened cold, by a browser that has no service worker
    // yet, and their chunks' imports nest four deep, each level a round trip before the form can show.
    modulePreload: {
      resolveDependencies: (chunk, deps, { hostType }) =>
        hostType === "html" || chunk.includes("/sign-in-forms-") ? deps : deps.filter((dep) => dep.endsWith(".css")),
    },
    rolldownOptions: {
      // A screen's chunk is named for its feature (`patients-page-…`), not `page-…` like every other.
      output: { chunkFileNames: (chunk) => `assets/${featurePage(chunk.facadeModuleId) ?? "[name]"}-[hash].js` },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3001" },
  },
  preview: {
    proxy: { "/api": "http://127.0.0.1:3001" },
  },
});
