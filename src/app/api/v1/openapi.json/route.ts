// GET /api/v1/openapi.json → the company API's OpenAPI 3.1 document (public: it holds no data):
// docs/PRODUCT.md#api-and-webhooks.
import { serverEnv } from "@/server/core/env";
import { withPublic } from "@/server/core/handler";
import { openApiDocument } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = withPublic(async () =>
  Response.json(openApiDocument(serverEnv().appUrl), { headers: { "Cache-Control": "public, max-age=300" } }),
);
