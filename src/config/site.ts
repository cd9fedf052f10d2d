// Public site settings. Read on the server (and baked into static pages at build time:
// scripts/build-fingerprint.mjs rebuilds when one of these variables changes).
function envOr(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

function envOrNull(name: string): string | null {
  return process.env[name]?.trim() || null;
}

export const siteConfig = {
  name: envOr("SITE_NAME", "Sentinel AI Security"),
  shortName: envOr("SITE_SHORT_NAME", "Sentinel"),
  tagline: "AI security assessment, governance and engineering acceleration",
  contactEmail: envOr("CONTACT_EMAIL", "hello@example.com"),
  blogUrl: envOr("BLOG_URL", "https://blog.example.com"),
  // The firm's own profiles, or none: a link to a network's home page would lead a visitor nowhere,
  // so an unset one is left out of the footer.
  social: {
    linkedin: envOrNull("SOCIAL_LINKEDIN_URL"),
    github: envOrNull("SOCIAL_GITHUB_URL"),
    x: envOrNull("SOCIAL_X_URL"),
  },
  copyrightStartYear: 2019,
} as const;

export type SiteConfig = typeof siteConfig;
