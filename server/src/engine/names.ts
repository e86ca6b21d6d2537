/** A lead as the engine's rows carry it. */
export interface NamedLead {
  name: string | null;
  first_name?: string | null;
  last_name?: string | null;
  profile_url: string;
}

/**
 * How a notice or log row names a lead (issue 14: every notice names the lead): its name, else
 * its first and last name, else the link to its profile; never "a lead".
 */
export function leadLabel(lead: NamedLead): string {
  const name = lead.name?.trim();
  if (name) return name;
  const parts = [lead.first_name, lead.last_name].map((p) => p?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : lead.profile_url;
}

/** How a notice names a profile: its name (a profile row always has one), else its number. */
export function profileLabel(profile: { name: string } | null | undefined, profileId: number): string {
  return profile?.name.trim() || `Profile ${profileId}`;
}
