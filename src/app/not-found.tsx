import Link from "next/link";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="font-mono text-sm text-accent">404</p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="max-w-md text-muted">The page you were looking for does not exist or has moved.</p>
      <Link href="/" className="rounded-md bg-accent-strong px-4 py-2 font-semibold text-slate-950 hover:bg-accent">
        Back to Home
      </Link>
    </main>
  );
}
