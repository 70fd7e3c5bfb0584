import { describe, expect, it } from "vitest";
import { ApiError, ApiTimeoutError } from "@/lib/api.ts";
import { characterCount, failureBanner, savedBanner } from "./banner.ts";

describe("Create Prompt banners", () => {
  it("success names the new prompt's id", () => {
    expect(savedBanner("prompt-1736082245000")).toEqual({
      tone: "success",
      message: "Prompt saved with ID: prompt-1736082245000",
    });
  });

  it("the server's failure (code server_error) says the record was not saved to the database", () => {
    const dbFailed = "Database operation failed. The record was not saved to the database.";
    const failed = { message: "Something went wrong on the server. Please try again.", code: "server_error" };
    expect(failureBanner(new ApiError(500, failed.message, failed)).message).toBe(dbFailed);
    // A 500 without a body is still the server failing; a proxy's 502 page likewise.
    expect(failureBanner(new ApiError(500, "500: boom", "boom")).message).toBe(dbFailed);
    expect(failureBanner(new ApiError(502, "502: Bad Gateway", null)).message).toBe(dbFailed);
  });

  it("decides on the code, not the status: a 500 that names a narrower refusal is another refusal", () => {
    const refused = { message: "That record already exists", code: "conflict" };
    expect(failureBanner(new ApiError(500, refused.message, refused))).toEqual({
      tone: "error",
      message: "Failed to save prompt",
      detail: "That record already exists",
    });
  });

  it("the 5-second timeout gives the database timeout text", () => {
    expect(failureBanner(new ApiTimeoutError(5000)).message).toBe(
      "Database timeout: ... Your data was not saved. Please try again later or contact your database administrator.",
    );
  });

  it("another refusal says Failed to save prompt with the server's message", () => {
    const err = new ApiError(400, "Title must be at least 4 characters", {
      message: "Title must be at least 4 characters",
    });
    expect(failureBanner(err)).toEqual({
      tone: "error",
      message: "Failed to save prompt",
      detail: "Title must be at least 4 characters",
    });
    expect(failureBanner(new ApiError(429, "429: Too Many Requests", null))).toEqual({
      tone: "error",
      message: "Failed to save prompt",
      detail: undefined,
    });
  });

  it("no answer at all says Failed to submit prompt. Please try again.", () => {
    expect(failureBanner(new TypeError("Failed to fetch")).message).toBe("Failed to submit prompt. Please try again.");
  });

  it("counts characters out of 20,000", () => {
    expect(characterCount("")).toBe("0 / 20,000");
    expect(characterCount("x".repeat(1234))).toBe("1,234 / 20,000");
  });
});
