import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files relative to its own package path; bundling breaks that.
  // rate-limiter-flexible loads drizzle-orm by a computed import() a bundle cannot resolve.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pg-boss", "rate-limiter-flexible", "@napi-rs/canvas", "unpdf"],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    serverActions: {
      // The largest legitimate action input is a booking or project form: a few text fields of
      // at most 5,000 characters, under 40 KB even fully escaped. Next's default is 1 MB; 256 KB
      // keeps room and matches the admin JSON routes (BODY_LIMITS in src/server/core/body-limit.ts).
      bodySizeLimit: "256kb",
    },
    // src/proxy.ts runs before route handlers, and Next buffers each body for it up to this size,
    // passing longer ones on cut. 2 MB is above every JSON limit (BODY_LIMITS), so a cut body is
    // still refused by its route; multipart uploads skip the proxy (its matcher), so 50 MB streams.
    proxyClientMaxBodySize: "2mb",
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
