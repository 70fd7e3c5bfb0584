import { FilterIcon } from "lucide-react";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import type { Live } from "@/shared/sync/use-live.ts";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent } from "@/ui/card.tsx";
import { Input } from "@/ui/input.tsx";
import { SearchInput } from "@/ui/search-input.tsx";
import { DataManagementMenu } from "./data-management-menu.tsx";
import { FiltersPanel, type PatientOption } from "./filters-panel.tsx";
import type { ChatFiltersState } from "./use-chat-filters.ts";
import { useTypedText } from "./use-typed-text.ts";

interface SearchCardProps {
  state: ChatFiltersState;
  patients: Live<PatientOption[]>;
}

export function SearchCard({ state, patients }: SearchCardProps) {
  const { isAdmin } = useAuth();
  const { filters, panelOpen } = state;
  const messageText = useTypedText(filters.text, state.setText);
  const idText = useTypedText(filters.conversationIdText, state.setIdText);
  return (
    <Card role="search" aria-label="Search conversations">
      <CardContent className="grid gap-4 pt-6">
        {/* Below desktop width the message search has the whole row; the id box and the buttons wrap below it. */}
        <div className="flex flex-wrap items-center gap-3">
          <SearchInput
            className="basis-full xl:basis-0 xl:flex-1"
            aria-label="Search messages"
            placeholder="Search messages..."
            {...messageText}
          />
          <Input
            aria-label="Search by conversation ID"
            placeholder="Search by conversation ID..."
            className="min-w-48 flex-1 xl:w-72 xl:flex-none"
            {...idText}
          />
          <div className="flex gap-2">
            <Button
              variant={panelOpen ? "secondary" : "outline"}
              aria-expanded={panelOpen}
              aria-controls="chat-filters"
              onClick={() => state.setPanelOpen(!panelOpen)}
            >
              <FilterIcon aria-hidden />
              Filters
            </Button>
            {isAdmin && <DataManagementMenu />}
          </div>
        </div>
        {panelOpen && <FiltersPanel state={state} patients={patients} />}
      </CardContent>
    </Card>
  );
}
