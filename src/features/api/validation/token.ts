// The portal's API token form, apart from the API's own schemas (index.ts): those describe the
// public API in classic zod for the OpenAPI document, and the form would carry all of classic zod
// into the browser with them.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { API_SCOPES, API_TOKEN_LIFETIMES } from "@/lib/domain/api-scope";

/** A new company API token, from the portal's form (docs/PRODUCT.md#api-and-webhooks). */
export const createApiTokenSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Give the token a name"), z.maxLength(80, "Keep the name under 80 characters")),
  scopes: z.pipe(
    z.array(z.enum(API_SCOPES, { error: "Choose what the token may do" })).check(z.minLength(1, "Choose at least one scope")),
    z.transform((scopes: (typeof API_SCOPES)[number][]) => [...new Set(scopes)]),
  ),
  lifetime: z.enum(API_TOKEN_LIFETIMES, { error: "Choose how long the token lives" }),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;
