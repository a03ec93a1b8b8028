/** A value bound to a statement's `?N`: numbers, strings and bytes (a BLOB), as both D1 and a Durable Object's SQL take them. */
export type SqlValue = string | number | null | Uint8Array;

/** One SQL statement and its values, `?1`, `?2`, … in order. */
export interface Statement {
  readonly sql: string;
  readonly params: readonly SqlValue[];
}

/** A row as SQLite answers it: column name to value. */
export type Row = Readonly<Record<string, unknown>>;

/**
 * Runs statements as one transaction, in one call to the storage, answering each statement's rows:
 * a D1 `batch()`, or one request to the Durable Object, which runs them in `transactionSync`.
 */
export interface SqlRunner {
  run(statements: readonly Statement[]): Promise<Row[][]>;
}
