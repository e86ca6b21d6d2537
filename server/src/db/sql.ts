/** `%` and `_` (and the escape character) match themselves in the ILIKE pattern. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
