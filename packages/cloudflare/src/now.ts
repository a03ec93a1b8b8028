/**
 * The database's clock in SQL: milliseconds since the epoch, as an INTEGER. SQLite reads it once
 * per statement step, so one statement sees one instant; D1 and a Durable Object each run on one
 * machine, so every Worker instance that shares the storage reads the same clock, as the Redis
 * stores read Redis's TIME and the Postgres stores the server's.
 */
export const NOW = `CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)`;

/** A JSON path to the member `key` of an object, for SQLite's json functions (a `?` parameter's SQL). */
export const member = (parameter: string): string => `'$."' || ${parameter} || '"'`;
