import { deviceLockMessages } from "@schema/device-lock.ts";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn } from "@/test/render.tsx";
import { userOf } from "@/test/rows.ts";
import SettingsPage from "./page.tsx";

const admin = userOf("admin");
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe("Settings page", () => {
  it("shows the device lock's idle minutes, refuses a value out of range beside the field, and saves a good one", async () => {
    const fetch = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === "PUT" ? json(JSON.parse(String(init.body))) : json({ lock_idle_minutes: 5 }),
    );
    vi.stubGlobal("fetch", fetch);
    renderSignedIn(<SettingsPage />, { user: admin });
    const field = (await screen.findByLabelText("Lock devices after (minutes without use)")) as HTMLInputElement;
    expect(field.value).toBe("5");

    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, "90");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText(deviceLockMessages.idleMinutes)).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);

    await user.clear(field);
    await user.type(field, "10");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => {
      const put = fetch.mock.calls.find(([path, init]) => path === "/api/admin/settings" && init?.method === "PUT");
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ lock_idle_minutes: 10 });
    });
  });
});
