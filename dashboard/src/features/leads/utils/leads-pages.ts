import { canLoadMoreLeads } from '@reachly/shared/logic';
import type { Lead, LeadsListResponse } from '@reachly/shared/schemas';
import type { InfiniteData } from '@tanstack/react-query';

export type LeadsPages = InfiniteData<LeadsListResponse, string | null>;

/** The loaded leads in the list's order, each once (a refetch may shift a lead from one page to the next). */
export function flattenLeads(pages: readonly LeadsListResponse[]): Lead[] {
  const seen = new Set<number>();
  const leads: Lead[] = [];
  for (const page of pages) {
    for (const lead of page.leads) {
      if (seen.has(lead.id)) continue;
      seen.add(lead.id);
      leads.push(lead);
    }
  }
  return leads;
}

/** How many leads the list holds on the server: the newest page's totalCount. */
export function leadsTotal(pages: readonly LeadsListResponse[]): number {
  return pages.at(-1)?.totalCount ?? 0;
}

/**
 * The cursor of the next page (the server's nextCursor of the newest page that has one), or
 * undefined when no more may load: spec §5 loads more only if at least 15 are loaded and the total
 * exceeds the number loaded. A last page emptied by toggles keeps the cursor before it.
 */
export function nextLeadsPageParam(
  lastPage: LeadsListResponse,
  allPages: LeadsListResponse[],
  lastPageParam: string | null,
): string | undefined {
  const leads = flattenLeads(allPages);
  if (!canLoadMoreLeads(leads.length, lastPage.totalCount)) return undefined;
  if (lastPage.leads.length === 0) return lastPageParam ?? undefined;
  return lastPage.nextCursor ?? undefined;
}

/** The list without one lead, its totals one lower (a toggled lead leaves the list, spec §4). */
export function withoutLead(data: LeadsPages, leadId: number): LeadsPages {
  if (!data.pages.some((page) => page.leads.some((lead) => lead.id === leadId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      leads: page.leads.filter((lead) => lead.id !== leadId),
      totalCount: Math.max(0, page.totalCount - 1),
    })),
  };
}

/**
 * Puts a lead back in id order, its totals one higher (a failed toggle is undone): exact for the id
 * sorts; under a name sort the lead comes back near its place, and the settle's refetch orders it.
 */
export function withLead(data: LeadsPages, lead: Lead): LeadsPages {
  if (data.pages.some((page) => page.leads.some((l) => l.id === lead.id))) return data;
  const last = data.pages.length - 1;
  let target = data.pages.findIndex((page) => page.leads.some((l) => l.id > lead.id));
  if (target === -1) target = last;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      leads: index === target ? [...page.leads, lead].sort((a, b) => a.id - b.id) : page.leads,
      totalCount: page.totalCount + 1,
    })),
  };
}
