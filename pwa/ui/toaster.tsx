import { Toaster as Sonner } from "sonner";

/** One toast on screen at a time (spec); at most 420 px wide from medium screens up. */
export default function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      position="bottom-right"
      closeButton
      // The app is English only. Without it sonner asks the browser for the page's direction on
      // every render (getComputedStyle), a forced style recalculation while a first sync fills screens.
      dir="ltr"
      // Our own colours rather than richColors: sonner's green fails WCAG contrast (4.25:1).
      toastOptions={{
        classNames: {
          // On a touch screen the close button is a 44 px target inside the toast's top-right corner.
          toast: "md:max-w-[420px] pointer-coarse:pr-12!",
          closeButton:
            "pointer-coarse:size-11! pointer-coarse:top-0! pointer-coarse:right-0! pointer-coarse:left-auto! pointer-coarse:transform-none! pointer-coarse:border-0! pointer-coarse:bg-transparent!",
          description: "break-words text-inherit! opacity-90",
          success: "bg-emerald-50! text-emerald-950! border-emerald-300!",
          error: "bg-red-50! text-red-950! border-red-300!",
          info: "bg-sky-50! text-sky-950! border-sky-300!",
        },
      }}
      style={{ fontFamily: "inherit" }}
    />
  );
}
