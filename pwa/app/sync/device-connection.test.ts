import { afterEach, describe, expect, it } from "vitest";
import type { SyncEngine } from "@/local/index.ts";
import { adoptDevice, type ConnectDevice, openDeviceEarly, releaseDevice } from "./device-connection.ts";

/** Each device a sign-in opened: whose, and whether it was stopped. */
const opened: { userId: string; stopped: boolean }[] = [];
const engines = new Map<string, SyncEngine>();
const connect: ConnectDevice = async (userId) => {
  const device = { userId, stopped: false };
  opened.push(device);
  const engine = {
    stop: async () => {
      device.stopped = true;
    },
  } as unknown as SyncEngine;
  engines.set(userId, engine);
  return engine;
};
const options = () => ({ onAuthLost: () => {}, signal: new AbortController().signal });
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(async () => {
  openDeviceEarly(null);
  releaseDevice("u1");
  releaseDevice("u2");
  await settle();
  opened.length = 0;
});

describe("the device a sign-in opens early", () => {
  it("is the one the sync provider connects with", async () => {
    openDeviceEarly("u1", connect);
    const adopted = await adoptDevice("u1", options());
    await settle();
    expect(opened).toEqual([{ userId: "u1", stopped: false }]);
    expect(adopted).toBe(engines.get("u1"));
  });

  it("is not opened again for a user the provider is connected for (an app reopened on a remembered user)", async () => {
    openDeviceEarly("u1", connect);
    await adoptDevice("u1", options());
    openDeviceEarly("u1", connect);
    await settle();
    expect(opened).toHaveLength(1);
    // Once the provider let it go (sign-out, another user), a new sign-in opens one again.
    releaseDevice("u1");
    openDeviceEarly("u1", connect);
    await settle();
    expect(opened).toHaveLength(2);
  });

  it("is stopped when another user, or nobody, is signed in before the provider took it", async () => {
    openDeviceEarly("u1", connect);
    openDeviceEarly("u2", connect);
    await settle();
    expect(opened).toEqual([
      { userId: "u1", stopped: true },
      { userId: "u2", stopped: false },
    ]);
    openDeviceEarly(null);
    await settle();
    expect(opened[1].stopped).toBe(true);
  });
});
