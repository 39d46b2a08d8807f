import { type Column, type SQL, sql } from 'drizzle-orm';

/** A value as an SQL string literal. DDL takes no parameters, so a CHECK's values are written in. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * CHECK: the column holds one of the contract's values (the same list its zod enum and Drizzle type
 * come from). NULL passes, as in every CHECK, so a nullable column stays nullable.
 */
export function isOneOf(column: Column, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map(literal).join(', '))})`;
}

/** CHECK: every element of a text[] column is one of the contract's values (an empty array passes). */
export function allOneOf(column: Column, values: readonly string[]): SQL {
  return sql`${column} <@ array[${sql.raw(values.map(literal).join(', '))}]::text[]`;
}
