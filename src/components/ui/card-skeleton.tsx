import { cn } from "@/lib/cn";
import { Card } from "./card";

/**
 * A card's place while its data streams in: the card's frame at the size the card will have (the
 * caller's `className` gives its height), so nothing below moves when it arrives. The title, when
 * given, shows at once; the body is a few pulsing bars. A server component: it ships no script.
 */
export function CardSkeleton({ title, lines = 3, className }: { title?: string; lines?: number; className?: string }) {
  return (
    <Card className={className} aria-busy="true">
      {title ? <p className="text-lg font-semibold">{title}</p> : <div className="h-4 w-1/3 animate-pulse rounded bg-slate-800" />}
      <span className="sr-only">Loading</span>
      <div className="mt-4 space-y-3" aria-hidden>
        {Array.from({ length: lines }, (_, i) => (
          <div key={i} className={cn("h-4 animate-pulse rounded bg-slate-800", i % 2 ? "w-2/3" : "w-full")} />
        ))}
      </div>
    </Card>
  );
}
