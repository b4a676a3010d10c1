/**
 * A GetQueryResults answer as the query panel's table. GetQueryResults gives each row's fields
 * in the query's order and leaves out the fields a row does not have
 * (https://docs.aws.amazon.com/AmazonCloudWatchLogs/latest/APIReference/API_GetQueryResults.html),
 * so the columns are the rows' fields merged in that order: a field first seen in a later row
 * goes right after the field it follows there. `@ptr` (the record's pointer, which the AWS
 * console keeps for "expand") is not a column.
 */
import type { ResultField } from '@aws-sdk/client-cloudwatch-logs';

/** The table of a query's results. */
export interface QueryTable {
  /** The fields, in the query's order. */
  readonly columns: readonly string[];
  /** Each row's values by field (a field the row lacks is absent). */
  readonly rows: readonly Readonly<Record<string, string>>[];
}

/** The pointer field GetQueryResults adds to rows that are log events. */
const POINTER_FIELD = '@ptr';

/** The table of GetQueryResults' `results`. */
export function queryTable(results: readonly (readonly ResultField[])[]): QueryTable {
  const columns: string[] = [];
  const rows = results.map((fields) => {
    const row: Record<string, string> = {};
    let after = -1;
    for (const { field, value } of fields) {
      if (field === undefined || field === POINTER_FIELD) continue;
      row[field] = value ?? '';
      let at = columns.indexOf(field);
      if (at === -1) {
        at = after + 1;
        columns.splice(at, 0, field);
      }
      after = Math.max(after, at);
    }
    return row;
  });
  return { columns, rows };
}
