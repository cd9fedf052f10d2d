import Link from "next/link";
import { siteConfig } from "@/config/site";

// Placeholder landing page; the marketing issue builds the full page.
export default function HomePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 px-6">
      <h1 className="text-4xl font-bold">{siteConfig.name}</h1>
      <p className="text-lg text-muted">{siteConfig.tagline}.</p>
      <div className="flex gap-3">
        <Link href="/client-portal" className="rounded-md bg-accent-strong px-4 py-2 font-semibold text-slate-950">
          Client Login
        </Link>
        <a href={`mailto:${siteConfig.contactEmail}`} className="rounded-md border border-border px-4 py-2">
          {siteConfig.contactEmail}
        </a>
      </div>
    </main>
  );
}
