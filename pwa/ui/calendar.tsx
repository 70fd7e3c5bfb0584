import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { DayPicker } from "react-day-picker";
import { cn } from "@/lib/cn.ts";
import { buttonVariants } from "./button.tsx";

function Chevron({ orientation }: { orientation?: "left" | "right" | "up" | "down" }) {
  return orientation === "left" ? (
    <ChevronLeftIcon className="size-4" aria-hidden />
  ) : (
    <ChevronRightIcon className="size-4" aria-hidden />
  );
}

/** react-day-picker styled with the theme; pass `mode="single"` and friends as to DayPicker. */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn("p-2", className)}
      classNames={{
        months: "relative flex flex-col gap-4",
        month: "flex flex-col gap-3",
        month_caption: "flex h-11 items-center justify-center",
        caption_label: "text-sm font-medium",
        nav: "absolute inset-x-0 top-0 flex h-11 items-center justify-between",
        button_previous: cn(buttonVariants({ variant: "ghost", size: "icon" }), "z-10"),
        button_next: cn(buttonVariants({ variant: "ghost", size: "icon" }), "z-10"),
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "w-10 pointer-coarse:w-11 text-center text-xs font-normal text-muted-foreground",
        week: "mt-1 flex w-full",
        day: "size-10 pointer-coarse:size-11 p-0 text-center text-sm",
        day_button: cn(
          "size-10 pointer-coarse:size-11 cursor-pointer rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed",
        ),
        selected: "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary",
        today: "[&>button]:font-bold [&>button]:underline",
        outside: "text-muted-foreground opacity-60",
        disabled: "text-muted-foreground opacity-40",
        hidden: "invisible",
        ...classNames,
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
