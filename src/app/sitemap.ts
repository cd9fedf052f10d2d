import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { LEGAL_PAGES, LEGAL_UPDATED } from "@/lib/legal-pages";
import { serverEnv } from "@/server/core/env";

// The public pages worth indexing: the landing page and the two legal pages.
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const { appUrl } = serverEnv();
  return [
    { url: `${appUrl}/`, changeFrequency: "monthly", priority: 1 },
    ...Object.values(LEGAL_PAGES).map(({ path }) => ({
      url: `${appUrl}${path}`,
      lastModified: LEGAL_UPDATED,
      changeFrequency: "yearly" as const,
      priority: 0.3,
    })),
  ];
}
