import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, baseURL, cleanDevicePerTest, expectAccessible, newClinician, signIn } from "./support.ts";

let page: Page;
cleanDevicePerTest((fresh) => {
  ({ page } = fresh);
});

const login = (username: string, password: string) =>
  fetch(`${baseURL()}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });

async function choose(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const count = () => page.getByText(/^\d+ activities found$/);

describe("Activity Logs", () => {
  it("filters by activity type and user, shows IP and details, and blocks an end date before the start", async () => {
    const clinician = await newClinician("activity");
    await login(clinician.username, "wrong-password");
    await login(clinician.username, "wrong-password");
    await login(clinician.username, clinician.password);

    await signIn(page, ADMIN);
    await page.waitForURL(/\/chat-history$/);
    await page.goto("/admin/activity-logs");
    await page.getByRole("heading", { name: "Activity Logs" }).waitFor();
    await count().waitFor();
    await expectAccessible(page, "/admin/activity-logs");
    const all = Number((await count().textContent())?.split(" ")[0]);
    expect(all).toBeGreaterThan(3);

    await choose("Activity type", "Login Failed");
    await choose("User", `Casey Jordan (${clinician.username})`);
    await page.getByRole("button", { name: "Apply Filters" }).click();
    // Exactly: "12 activities found", before the filter applies, holds "2 activities found".
    await page.getByText("2 activities found", { exact: true }).waitFor();
    const rows = page.getByRole("row").filter({ hasText: clinician.username });
    expect(await rows.count()).toBe(2);
    for (const badge of await rows.getByText("Login Failed").all()) await badge.waitFor();
    await expect
      .poll(() =>
        rows
          .first()
          .getByText(/127\.0\.0\.1|::1|::ffff|N\/A/)
          .count(),
      )
      .toBeGreaterThan(0);

    await choose("Activity type", "Login");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await rows.getByText("Login Failed").first().waitFor({ state: "detached" });
    const logins = Number((await count().textContent())?.split(" ")[0]);
    expect(logins).toBeGreaterThanOrEqual(1);
    expect(await rows.getByText("Login", { exact: true }).count()).toBe(logins);

    // Today as the start date: the end date picker cannot go before it.
    await page.getByRole("button", { name: "Start date", exact: true }).click();
    await page.locator("[data-today] button").click();
    await page.getByRole("button", { name: "End date", exact: true }).click();
    const days = await page
      .locator("td[data-day]")
      .evaluateAll((cells) =>
        cells.map((c) => ({ day: c.getAttribute("data-day"), disabled: c.getAttribute("data-disabled") === "true" })),
      );
    const today = await page.locator("[data-today]").getAttribute("data-day");
    expect(days.filter((d) => (d.day as string) < (today as string)).every((d) => d.disabled)).toBe(true);
    expect(days.filter((d) => (d.day as string) >= (today as string)).some((d) => !d.disabled)).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.getByText(`${logins} activities found`, { exact: true }).waitFor();

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect.poll(async () => Number((await count().textContent())?.split(" ")[0])).toBeGreaterThanOrEqual(all);
  });
});
