import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { HydrationMarker } from "@/components/hydration-marker";
import { siteConfig } from "@/config/site";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: `${siteConfig.name} | AI Security Consulting`, template: `%s | ${siteConfig.name}` },
  description: `${siteConfig.name}: ${siteConfig.tagline}.`,
};

export const viewport: Viewport = { themeColor: "#020617", colorScheme: "dark" };

// The product is always dark (docs/PRODUCT.md#overview): the class is fixed, never toggled.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className="dark">
      <body className="min-h-screen bg-background text-foreground">
        {children}
        <HydrationMarker />
      </body>
    </html>
  );
}
