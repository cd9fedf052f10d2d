import "server-only";
import { sql, type SQLWrapper } from "drizzle-orm";
import { squareCustomers } from "./schema";

/** Whether a Square customer not ignored is linked to the client `clientId` holds (a column of the caller's query), as a sub-select. */
export const hasSquareCustomerSql = (clientId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${squareCustomers}
        where ${squareCustomers.clientId} = ${clientId} and ${squareCustomers.ignoredAt} is null)`;
