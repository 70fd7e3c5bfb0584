import { Loader2Icon, LockIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";

/**
 * The whole screen while the device is locked or its PIN is set up: the app's frame and pages are
 * not mounted behind it, so nothing of a patient is on the page (nor in its DOM).
 */
export function LockCard({
  title,
  description,
  opening = false,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The PIN is taken and the app renders: the form has left, a line says so in its place. */
  opening?: boolean;
  children: ReactNode;
}) {
  // The content's height as last drawn: the line in the form's place keeps it, so the card does not move.
  const content = useRef<HTMLDivElement>(null);
  const height = useRef<number | undefined>(undefined);
  useEffect(() => {
    const drawn = content.current;
    if (opening || !drawn) return;
    const observer = new ResizeObserver(() => {
      height.current = drawn.offsetHeight;
    });
    observer.observe(drawn);
    return () => observer.disconnect();
  }, [opening]);
  return (
    <main id="main" className="flex min-h-dvh items-start justify-center bg-muted/30 px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader>
          <LockIcon className="size-6 text-muted-foreground" aria-hidden />
          <h1 className="text-xl font-semibold leading-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {opening ? (
          <CardContent className="grid place-items-center" style={{ minHeight: height.current }}>
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <Loader2Icon className="spinner size-5" aria-hidden />
              Opening Stepwise…
            </p>
          </CardContent>
        ) : (
          <CardContent ref={content}>{children}</CardContent>
        )}
      </Card>
    </main>
  );
}

/** A PIN field's input props: digits on a tablet's keypad, large enough to hit, never saved by the browser, its toggle named for a PIN. */
export const pinInputProps = {
  secretName: "PIN",
  inputMode: "numeric",
  autoComplete: "off",
  className: "h-12 text-lg tracking-widest",
} as const;
