import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { serverEnv } from "@/server/core/env";

// Built per request (cheap, no database) so the sitemap URL follows APP_URL of the running server.
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  const { appUrl } = serverEnv();
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/admin/", "/api/", "/client-portal", "/forgot-password", "/reset-password", "/confirm-email"],
    },
    sitemap: `${appUrl}/sitemap.xml`,
  };
}
