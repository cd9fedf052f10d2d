// Public site settings. Read on the server (and baked into static pages at build time:
// scripts/build-fingerprint.mjs rebuilds when one of these variables changes).
function envOr(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

export const siteConfig = {
  name: envOr("SITE_NAME", "Sentinel AI Security"),
  shortName: envOr("SITE_SHORT_NAME", "Sentinel"),
  tagline: "AI security assessment, governance and engineering acceleration",
  contactEmail: envOr("CONTACT_EMAIL", "hello@example.com"),
  blogUrl: envOr("BLOG_URL", "https://blog.example.com"),
  social: {
    linkedin: envOr("SOCIAL_LINKEDIN_URL", "https://www.linkedin.com/"),
    github: envOr("SOCIAL_GITHUB_URL", "https://github.com/"),
    x: envOr("SOCIAL_X_URL", "https://x.com/"),
  },
  copyrightStartYear: 2019,
} as const;

export type SiteConfig = typeof siteConfig;
