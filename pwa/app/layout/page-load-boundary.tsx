import { RefreshCwIcon } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Button } from "@/ui/button.tsx";

interface Props {
  /** The page's path: opening another page tries afresh. */
  path: string;
  children: ReactNode;
}

/**
 * A page's code is fetched when it is first opened. When that fails (offline before the app was
 * installed, or a new version replaced the old files), say so and offer a reload instead of a
 * blank page.
 */
export class PageLoadBoundary extends Component<Props, { failed: boolean; path: string }> {
  state = { failed: false, path: this.props.path };

  static getDerivedStateFromProps(props: Props, state: { path: string }) {
    return props.path !== state.path ? { failed: false, path: props.path } : null;
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-24 text-center">
        <h1 className="text-2xl font-bold">This page could not be loaded</h1>
        <p className="text-muted-foreground">
          {navigator.onLine
            ? "Something went wrong while opening it. Reload to try again."
            : "You are offline and this page is not on this device yet. Connect to the internet, then reload."}
        </p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCwIcon aria-hidden />
          Reload
        </Button>
      </div>
    );
  }
}
