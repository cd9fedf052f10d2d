import "server-only";
import { connection } from "next/server";
import type { z } from "zod";
import { type $ZodType, parse } from "zod/v4/core";
import { requireAdminPage } from "./session";

/** What Next hands a page as its address's query. */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The start every admin list page shares: rendered per request (never prerendered), admins only,
 * then its filters read from the address with the list's schema.
 */
export async function openAdminListPage<Schema extends $ZodType>(searchParams: PageSearchParams, schema: Schema) {
  await connection();
  const actor = await requireAdminPage();
  const query: z.output<Schema> = parse(schema, await searchParams);
  return { actor, query };
}
