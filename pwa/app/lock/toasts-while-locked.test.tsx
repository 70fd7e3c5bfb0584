import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppProviders } from "@/app/app-providers.tsx";
import { notify } from "@/lib/notify.tsx";
import { signedOut } from "@/shared/auth/session-api.ts";
import { useHideToasts } from "./toasts-while-locked.ts";

afterEach(() => {
  notify.dismiss();
  cleanup();
});

function Lock({ hide }: { hide: boolean }) {
  useHideToasts(hide);
  return null;
}

describe("Toasts while the device is locked", () => {
  beforeEach(() => signedOut());

  it("a sign-in toast raised just before the PIN screen shows once the screens open", async () => {
    const view = render(<AppProviders>{null}</AppProviders>);
    await act(() =>
      notify.info(
        "Failed sign-in attempts",
        "There was 1 failed sign-in attempt on your account since you last signed in.",
      ),
    );
    // Signed in: the device lock starts closed (checking, then the PIN set-up or the lock screen).
    view.rerender(
      <AppProviders>
        <Lock hide />
      </AppProviders>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();

    view.rerender(
      <AppProviders>
        <Lock hide={false} />
      </AppProviders>,
    );
    expect(await screen.findByText(/There was 1 failed sign-in attempt/)).toBeTruthy();
  });

  it("a toast on an open screen goes when the device locks and does not come back", async () => {
    const view = render(
      <AppProviders>
        <Lock hide={false} />
      </AppProviders>,
    );
    await act(() => notify.success("Patient updated", "Zephyrine Quillfeather is 16."));
    await screen.findByText("Zephyrine Quillfeather is 16.");

    view.rerender(
      <AppProviders>
        <Lock hide />
      </AppProviders>,
    );
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
    // The PIN takes a moment to type.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    view.rerender(
      <AppProviders>
        <Lock hide={false} />
      </AppProviders>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByText("Zephyrine Quillfeather is 16.")).toBeNull();
  });
});
