import { ExternalLink } from "lucide-react";
import { Card } from "@/components/ui/card";
import { TRACKER_KIND_LABELS } from "@/lib/domain/tracker";
import type { FindingTicketRow } from "@/features/trackers/server";
import { LazyCreateTicketButton, LazyRefreshWhileFiling } from "./lazy-finding-ticket-actions";

const TICKET_STATE_LABELS = { creating: "Filing…", open: "Open", closed: "Closed" } as const;

/**
 * A finding's tickets in the company's ticket systems (docs/PRODUCT.md#integrations): each
 * connection's ticket with its key and link, or **Create ticket**. Nothing when the company has no
 * connection. Rendered on the server; the button and the wait for a ticket being filed are islands.
 */
export async function FindingTickets({
  data,
  findingId,
  readOnly,
}: {
  data: Promise<FindingTicketRow[]>;
  findingId: string;
  readOnly: boolean;
}) {
  let rows: FindingTicketRow[];
  try {
    rows = await data;
  } catch (error) {
    console.error("[portal] loading the finding's tickets failed:", error);
    return null;
  }
  if (rows.length === 0) return null;
  const filing = rows.some((row) => row.ticket?.state === "creating" && row.ticket.lastError === null);
  return (
    <Card className="space-y-3" role="region" aria-labelledby="finding-tickets-heading">
      <h2 id="finding-tickets-heading" className="font-semibold">
        Tickets
      </h2>
      <ul className="space-y-2 text-sm">
        {rows.map((row) => {
          const where = `${TRACKER_KIND_LABELS[row.kind]} · ${row.target}`;
          return (
            <li key={row.connectionId} className="flex flex-wrap items-center justify-between gap-2" data-testid="finding-ticket">
              <span className="min-w-0 break-words text-muted">{where}</span>
              {row.ticket?.url && row.ticket.key ? (
                <a
                  href={row.ticket.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-accent hover:underline"
                >
                  #{row.ticket.key} · {TICKET_STATE_LABELS[row.ticket.state]}
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : row.ticket ? (
                <span role="status">
                  {row.ticket.lastError ? `Not filed yet: ${row.ticket.lastError} We retry on our own.` : TICKET_STATE_LABELS.creating}
                </span>
              ) : readOnly ? (
                <span className="text-muted">No ticket</span>
              ) : (
                <LazyCreateTicketButton findingId={findingId} connectionId={row.connectionId} where={where} />
              )}
            </li>
          );
        })}
      </ul>
      {filing ? <LazyRefreshWhileFiling /> : null}
    </Card>
  );
}
