// GET /.well-known/jwks.json: the firm's public JWS keys (RFC 7517), with which anyone checks an
// attestation letter or a signed access-log head offline (docs/PRODUCT.md#verifying-a-letter).
import { withPublic } from "@/server/core/handler";
import { getDb } from "@/server/core/get-db";
import { publicJwks } from "@/features/signing/server";

export const dynamic = "force-dynamic";

export const GET = withPublic(async () =>
  Response.json(await publicJwks(getDb()), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  }),
);
