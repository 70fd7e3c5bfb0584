import { Toaster as Sonner } from "sonner";

/** One toast on screen at a time (spec); at most 420 px wide from medium screens up. */
export default function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "md:max-w-[420px]", description: "break-words" } }}
      style={{ fontFamily: "inherit" }}
    />
  );
}
