import {
  type ExpressionBuilder,
  type ExpressionWrapper,
  type RawBuilder,
  type ReferenceExpression,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database } from '../db/schema.ts';

/** The tables that hold a company's rows: those with an `enterprise_id` column. */
export type CompanyTable = {
  [T in keyof Database]: 'enterprise_id' extends keyof Database[T] ? T : never;
}[keyof Database];

/** A company table as the query names it: `memberships`, or `webhook_endpoints as w` under an alias. */
type CompanyTableName = CompanyTable | `${CompanyTable} as ${string}`;
type AliasOf<T extends string> = T extends `${string} as ${infer Alias}` ? Alias : T;

/**
 * The rows of one company (or of any of several) in a company table: the one condition every
 * company-scoped query uses, in `.where(...)` of a select, update or delete, in a join's `.on(...)`, or
 * called with the expression builder inside a larger condition. Which rows a company sees is decided
 * here, so that widening it (rows another company shares with it) is a change to this function alone;
 * test/company-scope.test.ts fails on a company scope written by hand anywhere else.
 *
 * The table must be one of the query's own (under its alias when it has one): the condition's type
 * names the mistake instead of an `Expression`, which `.where()` and `.on()` refuse. An empty list
 * would be `in ()`, which PostgreSQL refuses to parse: callers answer an empty list before they query.
 */
export function ofCompany<T extends CompanyTableName>(table: T, enterprise: number | readonly number[]) {
  const alias = table.split(' as ').at(-1) as AliasOf<T>;
  return <DB extends Record<AliasOf<T>, { enterprise_id: number | null }>, TB extends keyof DB>(
    eb: ExpressionBuilder<DB, TB>,
  ): AliasOf<T> extends TB ? ExpressionWrapper<DB, TB, SqlBool> : `${AliasOf<T>} is not a table of the query` => {
    // Kysely cannot see through the template that `${alias}.enterprise_id` is a column of DB, which
    // the constraint on DB says it is.
    const column = `${alias}.enterprise_id` as ReferenceExpression<DB, TB>;
    const scope = typeof enterprise === 'number' ? eb(column, '=', enterprise) : eb(column, 'in', enterprise);
    // The conditional type is resolved only at the caller, where the query's tables are known.
    return scope as AliasOf<T> extends TB ? typeof scope : never;
  };
}

/**
 * The same scope inside raw SQL (a recursive CTE the builder cannot write): `<alias>.enterprise_id`
 * is the company, or one of the companies.
 */
export function ofCompanySql(alias: string, enterprise: number | readonly number[]): RawBuilder<SqlBool> {
  const column = sql.ref(`${alias}.enterprise_id`);
  return typeof enterprise === 'number'
    ? sql<SqlBool>`${column} = ${enterprise}`
    : sql<SqlBool>`${column} in (${sql.join(enterprise)})`;
}
