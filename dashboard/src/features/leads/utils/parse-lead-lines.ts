import { LEAD_NAME_MAX_LENGTH, normalizeProfileUrl } from '@reachly/shared/schemas';

export interface PastedLead {
  profileUrl: string;
  name?: string;
}

interface RefusedLine {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
}

export interface ParsedLeadLines {
  leads: PastedLead[];
  refused: RefusedLine[];
}

/**
 * Reads pasted text, one lead per line: a profile link, optionally followed by a comma (or a tab or
 * spaces) and the person's name. Blank lines are skipped; a line whose first word is not an http(s)
 * profile link is refused with its line number.
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
    if (normalizeProfileUrl(url) === null) {
      refused.push({ line: index + 1, text: line });
      return;
    }
    leads.push(name ? { profileUrl: url, name } : { profileUrl: url });
  });
  return { leads, refused };
}
