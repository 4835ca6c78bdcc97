import { getTableColumns, is } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as contracts from '@listready/contracts';
import { useTestDatabase } from '@listready/testing';
import * as schema from './index.ts';

const database = useTestDatabase();
const casing = new CasingCache('snake_case');

/** Every text-enum column of every table, with the values its drizzle definition allows. */
const enumColumns = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const { name, schema: owner } = getTableConfig(table);
    return Object.values(getTableColumns(table))
      .filter((column) => Array.isArray(column.enumValues) && column.enumValues.length > 0)
      .map((column) => ({
        name: `${owner}.${name}.${column.name}`,
        table: `${owner}.${name}`,
        column: casing.getColumnCasing(column),
        values: column.enumValues ?? [],
      }));
  });

/** The value lists libs/contracts declares (enums.ts): the one source the tables must use. */
const contractLists = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, readonly string[]] =>
    Array.isArray(entry[1]) && entry[1].every((value) => typeof value === 'string'),
);

describe('enumerations are declared once', () => {
  it('finds the enum columns', () => {
    expect(enumColumns.length).toBeGreaterThan(10);
  });

  it.each(enumColumns)('$name takes its values from a libs/contracts list', ({ values }) => {
    expect(contractLists.some(([, list]) => list === values)).toBe(true);
  });

  it.each(enumColumns)(
    '$name: the check constraint in the migrated database allows exactly those values',
    async ({ table, column, values }) => {
      const [schemaName, tableName] = table.split('.');
      const { rows } = await database.current.pool.query<{ definition: string }>(
        `select pg_get_constraintdef(c.oid) as definition
           from pg_constraint c
           join pg_class t on t.oid = c.conrelid
           join pg_namespace n on n.oid = t.relnamespace
           join pg_attribute a on a.attrelid = t.oid and a.attnum = any (c.conkey)
          where c.contype = 'c' and n.nspname = $1 and t.relname = $2 and a.attname = $3`,
        [schemaName, tableName, column],
      );
      // A migration that forgot the change leaves the old list here.
      expect(rows).toHaveLength(1);
      const definition = rows[0]?.definition ?? '';
      const allowed = [...definition.matchAll(/'((?:[^']|'')*)'::text/g)].map(([, value = '']) =>
        value.replaceAll("''", "'"),
      );
      expect(allowed).toEqual([...values]);
    },
  );
});
