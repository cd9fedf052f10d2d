import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { serverEnv } from "@/server/env";

// The public pages worth indexing: the landing page and the two legal pages.
const LEGAL_UPDATED = new Date("2025-10-14T00:00:00Z");

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const { appUrl } = serverEnv();
  return [
    { url: `${appUrl}/`, changeFrequency: "monthly", priority: 1 },
    { url: `${appUrl}/privacy-policy`, lastModified: LEGAL_UPDATED, changeFrequency: "yearly", priority: 0.3 },
    { url: `${appUrl}/terms-of-service`, lastModified: LEGAL_UPDATED, changeFrequency: "yearly", priority: 0.3 },
  ];
}
