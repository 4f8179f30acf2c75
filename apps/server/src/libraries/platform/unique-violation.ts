/** A unique (or primary key) constraint the database refused to break: the table and its columns. */
export interface UniqueViolation {
  table: string;
  columns: string[];
}

interface DriverError {
  code?: unknown;
  message?: unknown;
  table?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

/** better-sqlite3: `UNIQUE constraint failed: memberships.enterprise_id, memberships.user_id`. */
function fromSqlite(error: DriverError): UniqueViolation | null {
  if (error.code !== 'SQLITE_CONSTRAINT_UNIQUE' && error.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
  const list = /UNIQUE constraint failed: (.+)$/.exec(String(error.message))?.[1];
  if (!list) return null;
  const names = list.split(',').map((n) => n.trim().split('.'));
  const table = names[0]?.length === 2 ? names[0][0]! : '';
  return { table, columns: names.map((n) => n[n.length - 1]!) };
}

/** pg: SQLSTATE 23505 with `table`, and `detail` `Key (enterprise_id, user_id)=(1, 2) already exists.`;
 *  without a detail, the column comes from the default constraint name `<table>_<column>_key`. */
function fromPostgres(error: DriverError): UniqueViolation | null {
  if (error.code !== '23505') return null;
  const table = typeof error.table === 'string' ? error.table : '';
  const key = /^Key \(([^)]+)\)=/.exec(String(error.detail ?? ''))?.[1];
  if (key) return { table, columns: key.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) };
  const constraint = typeof error.constraint === 'string' ? error.constraint : '';
  const column =
    table && constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1).replace(/_key$/, '') : '';
  return { table, columns: column ? [column] : [] };
}

/**
 * Which unique constraint an error from either engine broke, or null when it is no such error.
 * "Already exists" answers rest on this, not only on a prior read, so that races cannot create duplicates.
 */
export function uniqueViolationOf(error: unknown): UniqueViolation | null {
  if (typeof error !== 'object' || error === null) return null;
  return fromSqlite(error as DriverError) ?? fromPostgres(error as DriverError);
}

/** `table.column` (columns joined with `,`), the key callers map to a business code. */
export function violationKey(violation: UniqueViolation): string {
  return `${violation.table}.${violation.columns.join(',')}`;
}
