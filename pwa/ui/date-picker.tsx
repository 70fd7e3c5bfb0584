import { CalendarIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { formatDate } from "@/lib/dates.ts";
import { Button } from "./button.tsx";
import { Calendar } from "./calendar.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "./popover.tsx";

interface DatePickerProps {
  value: Date | undefined;
  onChange: (date: Date | undefined) => void;
  /** The trigger's text when nothing is chosen, also its accessible name. */
  placeholder: string;
  /** Days before this cannot be chosen (an end date after a start date). */
  notBefore?: Date;
  notAfter?: Date;
  id?: string;
}

/** A single-date picker with a clear button (spec: Chat History and Activity Logs filters). */
export function DatePicker({ value, onChange, placeholder, notBefore, notAfter, id }: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const disabled = [...(notBefore ? [{ before: notBefore }] : []), ...(notAfter ? [{ after: notAfter }] : [])];
  return (
    <div className="flex items-center gap-1">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button id={id} variant="outline" className="w-full justify-start font-normal" aria-label={placeholder}>
            <CalendarIcon aria-hidden />
            <span className={value ? "" : "text-muted-foreground"}>{value ? formatDate(value) : placeholder}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-0" align="start">
          <Calendar
            mode="single"
            selected={value}
            defaultMonth={value ?? notBefore}
            disabled={disabled}
            onSelect={(d) => {
              onChange(d);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
      {value && (
        <Button variant="ghost" size="icon" aria-label={`Clear ${placeholder}`} onClick={() => onChange(undefined)}>
          <XIcon aria-hidden />
        </Button>
      )}
    </div>
  );
}
