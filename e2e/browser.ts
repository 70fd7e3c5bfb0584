// Chromium through playwright-core, without the test runner: the browser tests and the device
// benchmark (bench/device.ts) launch it and read the device store the same way.
import { type Browser, type BrowserServer, chromium, type Page } from "playwright-core";

const options = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

export const launch = (): Promise<Browser> => chromium.launch(options);

/** A Chromium that test files connect to (launched once for the whole run). */
export const launchServer = (): Promise<BrowserServer> =>
  chromium.launchServer({ ...options, args: [...options.args, "--force-prefers-reduced-motion"] });

/** The shared Chromium of `launchServer`; closing what this returns closes only this file's contexts. */
export const connect = (wsEndpoint: string): Promise<Browser> => chromium.connect(wsEndpoint);

/** Rows of one table in a user's device store, read straight from IndexedDB. */
export const storedRows = (page: Page, userId: string, table: string) =>
  page.evaluate(
    ([name, store]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          // Messages are kept a conversation to a record (pwa/local/message-groups.ts): one `ids` entry each.
          const count =
            store === "conversation_messages"
              ? open.result.transaction("message_groups").objectStore("message_groups").index("ids").count()
              : open.result.transaction(store).objectStore(store).count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
    [`stepwise-${userId}`, table] as const,
  );
