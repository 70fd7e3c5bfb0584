import { useState } from "react";

/** Rows per page of the long staff lists: a screenful on a tablet, and a DOM that stays small at 1,000+ rows. */
export const PAGE_SIZE = 50;

export interface PageOf<T> {
  /** The rows on this page. */
  rows: T[];
  /** The page shown, from 0; a page past the end (the list shrank) shows the last one. */
  page: number;
  pages: number;
  total: number;
}

/** One page of an already sorted and filtered list, so sorting and filtering apply to the whole list. */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): PageOf<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * size, (current + 1) * size), page: current, pages, total: rows.length };
}

/**
 * The page number of a list, back on the first page whenever `filters` (any value, compared as JSON)
 * change: a new search or sort starts at its first rows instead of a page that may no longer exist.
 */
export function usePageNumber(filters: unknown): [number, (page: number) => void] {
  const key = JSON.stringify(filters ?? null);
  const [state, setState] = useState({ key, page: 0 });
  return [state.key === key ? state.page : 0, (page) => setState({ key, page })];
}
