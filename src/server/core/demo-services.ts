import "server-only";
import type { DemoServiceKind } from "@/config/env-schema.mjs";
import type { DemoMark } from "@/lib/domain/demo-service";
import { serverEnv } from "./env";

// The demo services `npm start` runs on loopback (docs/DEPLOYMENT.md#demo-services), as the server
// sees them: their addresses from the environment (none when off, never in production), and what a
// stored address is. The demo data stores DEMO_SERVICE_HOST where a demo service belongs; each start
// points those at the running services, or back at that host when they are off.

/** The reserved host (RFC 2606: never resolves) of a demo connection whose service is not running. */
export const DEMO_SERVICE_HOST = "demo-service.invalid";
export const DEMO_SERVICE_ABSENT_URL = `http://${DEMO_SERVICE_HOST}`;

/** The running demo service of that kind (its origin), if any. */
export function demoServiceUrl(kind: DemoServiceKind): string | undefined {
  return serverEnv().demoServices[kind];
}

/** A stored address is a running demo service's, a demo connection's with its service off, or neither. */
export function demoMarkOf(url: string | null | undefined): DemoMark {
  if (!url) return null;
  let origin: string;
  let host: string;
  try {
    ({ origin, hostname: host } = new URL(url));
  } catch {
    return null;
  }
  if (host === DEMO_SERVICE_HOST) return "absent";
  return Object.values(serverEnv().demoServices).includes(origin) ? "service" : null;
}
