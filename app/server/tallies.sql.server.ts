/**
 * The tallies' one statement that stays SQL (db/schema.ts `outbox_tallies`, `contact_tallies`,
 * `broadcast_leaver_tallies`): the builder has no delete whose returned rows feed an insert in the
 * same statement, and only one statement keeps every sum exact while triggers append beside it.
 */
import { sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { parsedRows, type Executor } from "~/server/db.server";

const FoldedRow = z.object({ before: z.number() });

/**
 * One tally table's rows folded into one per key (`keys`: its key columns; a key whose sum is 0
 * leaves none), in one statement: the rows it deletes are those its snapshot sees and their sums
 * are written back by the same statement, so no count changes; a change committed meanwhile keeps
 * its own row, and a second fold at the same time skips the rows the first took. How many rows it had.
 */
export async function foldTally(executor: Executor, table: PgTable, keys: readonly PgColumn[]): Promise<number> {
  const name = sql.identifier(getTableConfig(table).name);
  const columns = sql.join(
    keys.map((key) => sql.identifier(key.name)),
    sql`, `,
  );
  const [row] = parsedRows(
    await executor.execute(sql`
      with gone as (delete from ${name} returning ${columns}, n),
      kept as (insert into ${name} (${columns}, n) select ${columns}, sum(n) from gone group by ${columns} having sum(n) <> 0)
      select count(*)::int as before from gone
    `),
    FoldedRow,
  );
  return row?.before ?? 0;
}
