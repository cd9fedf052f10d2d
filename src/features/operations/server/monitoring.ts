import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";

/** A monitor that showed MONITORING_TOKEN (docs/DEPLOYMENT.md#monitoring). */
export type MonitorActor = { role: "monitor" };

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The guard of `/api/health?deep=1` for a request carrying `Authorization: Bearer …`: the token
 * must be MONITORING_TOKEN (compared in constant time); without one configured, none is accepted.
 */
export function requireMonitoringToken(headers: Headers): MonitorActor {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
  const expected = serverEnv().monitoringToken;
  if (!token || !expected || !timingSafeEqual(digest(token), digest(expected))) {
    throw new AppError("unauthorized", "The monitoring token is not valid.");
  }
  return { role: "monitor" };
}
