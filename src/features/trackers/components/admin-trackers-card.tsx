import { Card } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { TRACKER_KIND_LABELS, TRACKER_STATE_LABELS, TRACKER_STATE_TONES, trackerSite } from "@/lib/domain/tracker";
import type { TrackerConnectionRow } from "@/features/trackers/server";

/**
 * A company's ticket systems on the firm's client page (docs/PRODUCT.md#integrations): read only,
 * so the firm can tell why a finding's ticket did not move (failing in the tracker's own words,
 * revoked). The rows carry no secret; only the company's owners change a connection.
 */
export function AdminTrackersCard({ company, connections }: { company: string; connections: TrackerConnectionRow[] }) {
  return (
    <Card role="region" aria-labelledby="client-trackers-heading">
      <h2 id="client-trackers-heading" className="text-lg font-semibold">
        Ticket systems
      </h2>
      {connections.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No ticket systems connected.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-800 text-sm" aria-label={`Ticket systems of ${company}`}>
          {connections.map((connection) => (
            <li key={connection.id} className="space-y-1 py-2">
              <p className="flex flex-wrap items-center gap-2">
                {connection.demo === "absent" ? null : (
                  <StatusBadge
                    value={connection.state}
                    label={TRACKER_STATE_LABELS[connection.state]}
                    tone={TRACKER_STATE_TONES[connection.state]}
                  />
                )}
                <DemoServiceBadge mark={connection.demo} />
                <span>{TRACKER_KIND_LABELS[connection.kind]}</span>
                <span className="font-mono text-xs break-all">{connection.target}</span>
                <span className="text-muted">on {trackerSite(connection.baseUrl)}</span>
              </p>
              {connection.state === "failing" && connection.stateMessage && connection.demo !== "absent" ? (
                <p className="break-words text-amber-300">{connection.stateMessage}</p>
              ) : null}
              <p className="text-muted">
                {connection.lastSyncAt ? <RelativeTime value={connection.lastSyncAt} prefix="Last sync " /> : "Never synced"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
