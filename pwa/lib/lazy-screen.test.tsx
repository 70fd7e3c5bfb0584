import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyScreen } from "./lazy-screen.tsx";

afterEach(cleanup);

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function deferredScreen() {
  let loads = 0;
  const Screen = lazyScreen(async () => {
    loads++;
    return { default: Greeting };
  });
  return { Screen, loads: () => loads };
}

const shown = (Screen: ReturnType<typeof deferredScreen>["Screen"]) =>
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Screen name="Maya" />
    </Suspense>,
  );

describe("screens fetched before they are shown", () => {
  it("shows a preloaded screen at once, without its fallback, and fetches it once", async () => {
    const { Screen, loads } = deferredScreen();
    await Screen.preload();
    await Screen.preload();
    shown(Screen);
    expect(screen.getByText("Hello Maya")).toBeTruthy();
    expect(screen.queryByText("Loading")).toBeNull();
    expect(loads()).toBe(1);
  });

  it("shows the fallback until a screen not preloaded arrives", async () => {
    const { Screen, loads } = deferredScreen();
    shown(Screen);
    expect(screen.getByText("Loading")).toBeTruthy();
    await act(() => Screen.preload());
    expect(await screen.findByText("Hello Maya")).toBeTruthy();
    expect(loads()).toBe(1);
  });
});
