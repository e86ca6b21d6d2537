import { LEAD_NAME_MAX_LENGTH, leadInputSchema } from '@reachly/shared/schemas';

export interface PastedLead {
  profileUrl: string;
  name?: string;
}

export interface RefusedLine {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
  /** Why it is not added, in the shared schema's words ("Profile URL must be an http(s) link to a profile"). */
  reason: string;
}

export interface ParsedLeadLines {
  leads: PastedLead[];
  refused: RefusedLine[];
}

/**
 * Reads pasted text, one lead per line: a profile link, optionally followed by a comma (or a tab or
 * spaces) and the person's name (cut to the longest name a lead holds). Blank lines are skipped; a
 * line the shared lead schema refuses (POST /api/leads would answer 400 for it) is set aside with its
 * line number and reason, so that the good lines are added without it.
 */
export function parseLeadLines(text: string): ParsedLeadLines {
  const leads: PastedLead[] = [];
  const refused: RefusedLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const match = /^([^\s,]+)(?:[\s,]+(.*))?$/.exec(line);
    const url = match?.[1] ?? '';
    const name = match?.[2]?.trim().slice(0, LEAD_NAME_MAX_LENGTH);
    const lead: PastedLead = name ? { profileUrl: url, name } : { profileUrl: url };
    const checked = leadInputSchema.safeParse(lead);
    if (!checked.success) {
      refused.push({ line: index + 1, text: line, reason: checked.error.issues[0]?.message ?? 'Not a lead' });
      return;
    }
    leads.push(lead);
  });
  return { leads, refused };
}
