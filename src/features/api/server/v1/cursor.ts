import "server-only";
import type { z } from "zod";
import { type $ZodType, safeParse } from "zod/v4/core";
import { AppError } from "@/server/core/errors";

const CURSOR_INVALID = "cursor is not valid: pass the nextCursor of the previous page";

/** A page's position as an opaque string: base64url of its JSON. */
export const encodeCursor = (position: unknown): string => Buffer.from(JSON.stringify(position), "utf8").toString("base64url");

/** Reads a cursor back with the schema of its position; anything else is a 400. */
export function decodeCursor<S extends $ZodType>(schema: S, cursor: string | undefined): z.output<S> | null {
  if (cursor === undefined || cursor === "") return null;
  try {
    const parsed = safeParse(schema, JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: refused below
  }
  throw new AppError("bad_request", CURSOR_INVALID, { fieldErrors: { cursor: CURSOR_INVALID } });
}

/** The query string as an object, a repeated parameter keeping its first value. */
export function queryOf(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (!(key in out)) out[key] = value;
  return out;
}
