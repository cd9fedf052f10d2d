// GET /api/v1/projects (token scope projects:read) → { data: Project[], nextCursor }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiListProjects, apiRoute, queryOf } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("projects:read", (request, { caller }) => apiListProjects(getDb(), caller, queryOf(request)));
