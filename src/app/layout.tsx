import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { HydrationMarker } from "@/components/hydration-marker";
import { siteConfig } from "@/config/site";
import { THEME_SCRIPT } from "@/lib/theme";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: `${siteConfig.name} | AI Security Consulting`, template: `%s | ${siteConfig.name}` },
  description: `${siteConfig.name}: ${siteConfig.tagline}.`,
};

export const viewport: Viewport = { themeColor: "#020617", colorScheme: "dark" };

// Dark by default; the theme script sets <html data-theme="light"> before the first paint when the
// visitor chose light (src/lib/theme.ts), hence the one attribute React must not compare.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className="dark" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-background text-foreground">
        {children}
        <HydrationMarker />
      </body>
    </html>
  );
}
