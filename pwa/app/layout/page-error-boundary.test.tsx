import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppErrorBoundary, PageErrorBoundary } from "./page-error-boundary.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Crash({ error }: { error: Error }): never {
  throw error;
}

describe("a page that fails", () => {
  // React logs a caught render error to the console; the test is about what the person sees.
  const quiet = () => vi.spyOn(console, "error").mockImplementation(() => {});

  it("that crashed says so with the error's words and offers a reload, not a blank page", () => {
    quiet();
    render(
      <PageErrorBoundary path="/patients">
        <Crash error={new Error("Cannot read properties of undefined (reading 'username')")} />
      </PageErrorBoundary>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Something went wrong on this page");
    expect(alert.textContent).toContain("Cannot read properties of undefined (reading 'username')");
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
  });

  it("whose code could not be fetched says the page could not be loaded", () => {
    quiet();
    render(
      <PageErrorBoundary path="/patients">
        <Crash error={new TypeError("Failed to fetch dynamically imported module: /assets/page-abc.js")} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole("alert").textContent).toContain("This page could not be loaded");
  });

  it("opening another page tries afresh", () => {
    quiet();
    const { rerender } = render(
      <PageErrorBoundary path="/patients">
        <Crash error={new Error("boom")} />
      </PageErrorBoundary>,
    );
    rerender(
      <PageErrorBoundary path="/profile">
        <p>Profile</p>
      </PageErrorBoundary>,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("Profile")).toBeTruthy();
  });

  it("a crash outside any page still says what happened", () => {
    quiet();
    render(
      <AppErrorBoundary>
        <Crash error={new Error("The session could not be read")} />
      </AppErrorBoundary>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Stepwise stopped working");
    expect(alert.textContent).toContain("The session could not be read");
  });
});
