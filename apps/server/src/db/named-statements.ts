/**
 * The statements PostgreSQL keeps prepared, by their text: each is parsed and planned once per
 * connection instead of at every run. Only statements whose text never varies are named here (the
 * queries compiled once), so that a connection holds a handful of them however long it lives.
 */
const names = new Map<string, string>();

/** Names a statement's text for preparing; the same text always gets the same name. */
export function nameStatement(text: string): void {
  if (!names.has(text)) names.set(text, `portal_${names.size + 1}`);
}

/** The name a statement is prepared under, or undefined for a statement run unprepared. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}
