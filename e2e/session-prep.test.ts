import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cleanDevicePerTest, DEMO_CLINICIAN, expectAccessible, signIn } from "./support.ts";

let page: Page;
cleanDevicePerTest((fresh) => {
  ({ page } = fresh);
});

/** The printable width of A4 (210 mm) and Letter (8.5 in) within the 12 mm page margins, in CSS pixels. */
const PRINT_WIDTHS = { A4: Math.floor(((210 - 24) / 25.4) * 96), Letter: Math.floor((8.5 - 24 / 25.4) * 96) };

/** Elements whose box reaches past `width`, or whose content is wider than their box (clipped or scrolled). */
function overflowing(page: Page, width: number) {
  return page.evaluate((width) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      // Not printed, or visually hidden text for screen readers (1 px, clipped on purpose).
      if (box.width <= 1 || box.height <= 1) continue;
      const clipped = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible";
      if (box.right > width + 1 || clipped) found.push(`${el.tagName.toLowerCase()}: ${el.textContent?.slice(0, 60)}`);
    }
    return { found: found.slice(0, 5), pageWidth: document.documentElement.scrollWidth };
  }, width);
}

describe("Session prep", () => {
  it("opens from a Caseload row for a demo patient and prints on A4 and Letter with nothing cut and no app bar", async () => {
    await signIn(page, DEMO_CLINICIAN);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Caseload" }).click();
    await page.getByRole("status").filter({ hasText: "Synced" }).first().waitFor({ timeout: 60_000 });
    const row = page.getByRole("row").filter({ hasText: "Safety risk" }).first();
    const name = await row.getByRole("link").first().textContent();
    await row.getByRole("link", { name: /^Session prep for / }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/session-prep"));
    await page.getByRole("heading", { name: `Session prep: ${name}`, level: 1 }).waitFor();

    // All of the demo patient's history, so the printout has conversations, flags and homework in it.
    await page.getByLabel("Since", { exact: true }).fill("2000-01-01");
    const conversations = page.getByRole("list", { name: "Conversations since this date" }).getByRole("listitem");
    await conversations.first().waitFor();
    expect(await conversations.count()).toBeGreaterThan(0);
    expect(await page.getByRole("region", { name: "Safety flags" }).getByText("Safety flag").count()).toBeGreaterThan(
      0,
    );
    await expectAccessible(page, "/patients/:patientName/session-prep");

    await page.emulateMedia({ media: "print" });
    for (const [paper, width] of Object.entries(PRINT_WIDTHS)) {
      await page.setViewportSize({ width, height: 1100 });
      expect(await page.getByRole("banner").isVisible(), `the app bar prints on ${paper}`).toBe(false);
      expect(await page.getByRole("contentinfo").isVisible()).toBe(false);
      for (const control of ["Print", "Mark as discussed", "Mark safety flag reviewed"])
        expect(await page.getByRole("button", { name: control }).first().isVisible(), control).toBe(false);
      expect(await page.getByText(/printed /).isVisible()).toBe(true);
      // The first printed page's worth, kept for a look.
      const shot = await page.screenshot({ path: `/tmp/session-prep-print-${paper}.png` });
      expect(shot.byteLength).toBeGreaterThan(10_000);
      const { found, pageWidth } = await overflowing(page, width);
      expect(found, `cut off on ${paper}`).toEqual([]);
      expect(pageWidth).toBeLessThanOrEqual(width);
      // Every item keeps together on one page.
      const together = await conversations.evaluateAll((items) =>
        items.every((li) => getComputedStyle(li).breakInside === "avoid"),
      );
      expect(together).toBe(true);
    }
  });
});
