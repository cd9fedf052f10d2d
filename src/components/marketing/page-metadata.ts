import type { Metadata } from "next";
import { siteConfig } from "@/config/site";

/** Title, description and the Open Graph/Twitter tags of one public page (nested metadata is replaced, not merged). */
export function publicPageMetadata(opts: { path: string; title: string; description: string; absoluteTitle?: boolean }): Metadata {
  return {
    title: opts.absoluteTitle ? { absolute: opts.title } : opts.title,
    description: opts.description,
    alternates: { canonical: opts.path },
    openGraph: {
      type: "website",
      siteName: siteConfig.name,
      locale: "en_US",
      url: opts.path,
      title: opts.title,
      description: opts.description,
    },
    twitter: { card: "summary_large_image", title: opts.title, description: opts.description },
  };
}
