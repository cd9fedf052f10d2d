import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** The frame of every sign-in and password screen: a back link, a card with icon, title and subtitle. */
export function AuthShell({
  icon,
  title,
  subtitle,
  back = { href: "/", label: "Back to Home" },
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <Link href={back.href} className="mb-6 inline-flex items-center gap-2 rounded-md text-sm text-muted hover:text-foreground">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {back.label}
        </Link>
        <Card padding="roomy">
          <div className="mb-6 flex flex-col items-center text-center">
            <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-accent-strong/15 text-accent" aria-hidden>
              {icon}
            </div>
            <h1 className="text-2xl font-bold">{title}</h1>
            {subtitle ? <p className="mt-2 text-sm text-muted">{subtitle}</p> : null}
          </div>
          {children}
        </Card>
      </div>
    </main>
  );
}
