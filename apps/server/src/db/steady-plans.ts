import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite plans some statements for the values bound to them: a join whose condition compares a
 * column with a parameter (`"sessions"."token_hash" = ?`, the propagation of constants through the
 * join), and a statement that may use a partial index if the value bound matches its condition. Such
 * a statement is marked expired by every bind and compiled again at its next step: a kept statement
 * is planned at every run, which for the six tables of the session read cost 20 times the run itself.
 * A unary plus leaves the value, its type and its comparison as they were (a parameter has no
 * affinity or collation of its own, `+?` neither) while SQLite no longer looks at it to plan, so the
 * plan is made once, and stays the one made without values. A parameter compared with a column that
 * a partial index's condition names is left as it is: the index could then be used only when its
 * value is known at the plan.
 */
export function steadyPlan(text: string, conditionColumns: ReadonlySet<string>): string {
  return text.replace(PARAMETER_COMPARISON, (match, column?: string, operator?: string) => {
    if (column === undefined) return match;
    const name = unquoted(new RegExp(`${NAME}$`).exec(column)![0]);
    return conditionColumns.has(name) ? match : `${column} ${operator} +?`;
  });
}

/** A quoted string or identifier (skipped, as written), or a column compared to a parameter with
 *  `=` or `is`, the comparisons SQLite plans with the value (`in`, `<`, `>` and `!=` it does not). */
const NAME = String.raw`(?:"(?:[^"]|"")*"|[A-Za-z_]\w*)`;
const PARAMETER_COMPARISON = new RegExp(
  String.raw`'(?:[^']|'')*'|(?<![\w."])(${NAME}(?:\.${NAME})?)\s*(=|is)\s*\?(?!\w)|"(?:[^"]|"")*"`,
  'g',
);

/** The columns that the conditions of the database's partial indexes compare with a value (`state =
 *  'pending'`): a statement matches such a condition only with its own value at the plan. A condition
 *  that a column is or is not null needs none: any comparison of the column implies it is not null. */
export function partialIndexColumns(sqlite: SqliteDatabase.Database): Set<string> {
  const conditions = sqlite
    .prepare(`select sql from sqlite_master where type = 'index' and sql like '% where %'`)
    .pluck()
    .all() as string[];
  const columns = new Set<string>();
  for (const condition of conditions.map((index) => index.slice(index.toLowerCase().lastIndexOf(' where ') + 7)))
    for (const [, column] of condition.matchAll(COMPARED_WITH_VALUE)) columns.add(unquoted(column!));
  return columns;
}

const COMPARED_WITH_VALUE = new RegExp(String.raw`(${NAME})\s*(?:==?|!=|<>|<=?|>=?)\s*(?:'|-?\d)`, 'g');

function unquoted(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;
}
