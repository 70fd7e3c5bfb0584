import { Loader2Icon, LockIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";

/**
 * The whole screen while the device is locked or its PIN is set up: the app's frame and pages are
 * not mounted behind it, so nothing of a patient is on the page (nor in its DOM).
 */
export function LockCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-dvh items-start justify-center bg-muted/30 px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader>
          <LockIcon className="size-6 text-muted-foreground" aria-hidden />
          <h1 className="text-xl font-semibold leading-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
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

/** In the PIN form's place once the PIN is taken, while the app renders: as tall as a form, so nothing jumps. */
export function LockOpening() {
  return (
    <p role="status" className="flex min-h-36 items-center justify-center gap-2 text-muted-foreground">
      <Loader2Icon className="spinner size-5" aria-hidden />
      Opening Stepwise…
    </p>
  );
}
