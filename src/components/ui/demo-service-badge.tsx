import { DEMO_MARK_LABELS, type DemoMark } from "@/lib/domain/demo-service";
import { StatusBadge } from "./status-badge";

/**
 * "Demo service" beside a connection served by a demo service, or "Not connected (demo data)" in
 * place of its state when that service is not running (docs/PRODUCT.md#demo-services).
 */
export function DemoServiceBadge({ mark }: { mark: DemoMark }) {
  if (!mark) return null;
  return <StatusBadge value={`demo-${mark}`} label={DEMO_MARK_LABELS[mark]} tone={mark === "service" ? "indigo" : "slate"} />;
}
