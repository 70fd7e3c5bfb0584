import { afterEach, describe, expect, it, vi } from "vitest";
import { notify } from "@/lib/notify.tsx";
import { announceSave } from "./announce-save.ts";

vi.mock("@/lib/notify.tsx", () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.clearAllMocks());

const texts = () => ({ success: "Homework assignment updated successfully", refused: vi.fn() });

describe("announceSave", () => {
  it("says the spec's success text once the server has the change", async () => {
    const t = texts();
    await announceSave(Promise.resolve({ status: "sent" }), t);
    expect(notify.success).toHaveBeenCalledWith("Homework assignment updated successfully");
  });

  it("says Saved on this device — will sync while the change waits on the device", async () => {
    const t = texts();
    await announceSave(Promise.resolve({ status: "queued" }), t);
    expect(notify.info).toHaveBeenCalledWith("Saved on this device — will sync");
    expect(notify.success).not.toHaveBeenCalledWith(t.success);
  });

  it("hands the server's words to the spec's failure toast when it refused the change", async () => {
    const t = texts();
    await announceSave(
      Promise.resolve({ status: "refused", refusal: { code: "not_found", status: 404, message: "Patient not found" } }),
      t,
    );
    expect(t.refused).toHaveBeenCalledWith("Patient not found");
  });

  it("points to the Sync panel when the change met another one", async () => {
    await announceSave(Promise.resolve({ status: "conflict" }), texts());
    expect(notify.info).toHaveBeenCalledWith(expect.stringMatching(/Sync panel/));
  });
});
