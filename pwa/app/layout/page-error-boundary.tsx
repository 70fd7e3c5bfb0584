import { ArrowLeftIcon, RefreshCwIcon } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Button } from "@/ui/button.tsx";

interface Props {
  /** The page's path: opening another page tries afresh. */
  path: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  path: string;
}

/** A lazy page's code could not be fetched (offline before install, or a new version replaced the files). */
const isCodeLoadFailure = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    error.message,
  );

/**
 * A page that cannot be fetched or that crashes says what happened and offers a way back, inside
 * the app's frame (its bar and menus still work), never a blank page.
 */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null, path: this.props.path };

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.path !== state.path ? { error: null, path: props.path } : null;
  }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unknown error") };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return isCodeLoadFailure(error) ? (
      <ErrorScreen
        title="This page could not be loaded"
        text={
          navigator.onLine
            ? "Something went wrong while opening it. Reload to try again."
            : "You are offline and this page is not on this device yet. Connect to the internet, then reload."
        }
      />
    ) : (
      <ErrorScreen
        title="Something went wrong on this page"
        text="Your data on this device and your unsent changes are safe. Go back, or reload the page to try again."
        detail={error instanceof Error ? error.message : String(error)}
      />
    );
  }
}

/** What a failed page or app shows: a title, what to do, the error's own words, and a way back. */
function ErrorScreen({ title, text, detail }: { title: string; text: string; detail?: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {detail && (
        <details className="w-full text-left text-sm">
          <summary className="cursor-pointer">Error details</summary>
          <pre className="mt-2 overflow-x-auto rounded-md bg-muted p-3 whitespace-pre-wrap">{detail}</pre>
        </details>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {window.history.length > 1 && (
          <Button variant="outline" onClick={() => window.history.back()}>
            <ArrowLeftIcon aria-hidden />
            Go back
          </Button>
        )}
        <Button onClick={() => window.location.reload()}>
          <RefreshCwIcon aria-hidden />
          Reload
        </Button>
      </div>
    </div>
  );
}

/** The last net under the whole app (its frame, providers, the sign-in state): a crash there still says what happened. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unknown error") };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="px-4">
        <ErrorScreen
          title="Stepwise stopped working"
          text="Your data on this device and your unsent changes are safe. Reload to start again."
          detail={error instanceof Error ? error.message : String(error)}
        />
      </main>
    );
  }
}
