import "server-only";
import type { SquareClient } from "square";
import type { Db } from "@/server/core/db/client";
import { createSquareClient, SquareApiError } from "./client";
import type { SquareConfig } from "./config";
import { requirePermissionsFor, usableConnection } from "./connection";
import type { SquareFeature } from "./permissions";
import { listLocationIds } from "./square-fetch";

/**
 * The one Square set-up before a billing call (an invoice, a subscription, a plan change): the
 * connection with a usable token (refreshed when close to expiry), refused when it lacks the
 * permissions `feature` needs, its SDK client, and the seller's first location (`noLocation` says
 * what was missing it for).
 */
export async function connectedLocation(
  db: Db,
  config: SquareConfig,
  { feature, noLocation }: { feature: SquareFeature; noLocation: string },
): Promise<{ client: SquareClient; locationId: string }> {
  const connection = await usableConnection(db, config);
  requirePermissionsFor(connection, feature);
  const client = createSquareClient(config, connection.accessToken);
  const [locationId] = await listLocationIds(client);
  if (!locationId) throw new SquareApiError(noLocation, 409);
  return { client, locationId };
}
