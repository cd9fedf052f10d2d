import "server-only";
import { eq } from "drizzle-orm";
import { headers as nextHeaders } from "next/headers";
import { getDb } from "../db/client";
import { clients } from "../db/schema";
import { AppError } from "../errors";
import { getAuth } from "./auth";

export type AdminActor = { role: "admin"; userId: string; email: string; name: string };
export type ClientActor = { role: "client"; userId: string; email: string; name: string; clientId: string; company: string };
export type Actor = AdminActor | ClientActor;

/** The session of the request, from its cookies; route handlers pass their request headers. */
export async function getSession(headers?: Headers) {
  const h = headers ?? (await nextHeaders());
  const result = await getAuth().api.getSession({ headers: h });
  if (!result) return null;
  const role = (result.user as { role?: string }).role;
  return { userId: result.user.id, email: result.user.email, name: result.user.name, role: role === "admin" ? "admin" : "client" } as const;
}

export async function requireAdmin(headers?: Headers): Promise<AdminActor> {
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  if (session.role !== "admin") throw new AppError("forbidden", "Access denied. Admins only.");
  return { role: "admin", userId: session.userId, email: session.email, name: session.name };
}

/** The signed-in client and its clients row (found through the user id, never from input). */
export async function requireClient(headers?: Headers): Promise<ClientActor> {
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  if (session.role !== "client") throw new AppError("forbidden", "Access denied. Please use the admin portal.");
  const [row] = await getDb()
    .select({ id: clients.id, company: clients.company, status: clients.status })
    .from(clients)
    .where(eq(clients.userId, session.userId))
    .limit(1);
  if (!row) throw new AppError("forbidden", "Client account not found");
  if (row.status !== "active") throw new AppError("forbidden", "This client account is inactive.");
  return { role: "client", userId: session.userId, email: session.email, name: session.name, clientId: row.id, company: row.company };
}

/** Data functions call this on the actor they were given, so a wrong call site fails loudly. */
export function assertAdmin(actor: Actor): asserts actor is AdminActor {
  if (actor.role !== "admin") throw new AppError("forbidden", "Access denied. Admins only.");
}

export function assertClient(actor: Actor): asserts actor is ClientActor {
  if (actor.role !== "client") throw new AppError("forbidden", "Access denied. Please use the admin portal.");
}

/** For admin pages: the admin, or a redirect to the admin login. Each page calls it itself. */
export async function requireAdminPage(): Promise<AdminActor> {
  const { redirect } = await import("next/navigation");
  try {
    return await requireAdmin();
  } catch (error) {
    if (error instanceof AppError) redirect("/admin/login");
    throw error;
  }
}

/** For the client portal page: the signed-in client, or null for anyone else (login is shown). */
export async function getClientActorOrNull(): Promise<ClientActor | null> {
  try {
    return await requireClient();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
