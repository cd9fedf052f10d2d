import { StatusBadge } from "@/components/ui/status-badge";
import { atlasTechniqueLabel, owaspLlmLabel } from "@/lib/domain/ai-taxonomy";

/**
 * A finding's AI-security taxonomy as labelled badges, "LLM01 Prompt Injection" and "AML.T0051 LLM
 * Prompt Injection" (docs/PRODUCT.md#portal-findings): portal and admin alike. Nothing without ids.
 */
export function TaxonomyBadges({ owaspLlm, atlas }: { owaspLlm: readonly string[]; atlas: readonly string[] }) {
  if (owaspLlm.length === 0 && atlas.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="finding-taxonomy">
      {owaspLlm.length > 0 ? (
        <div>
          <p className="mb-1 text-muted">OWASP Top 10 for LLM Applications</p>
          <ul className="flex flex-wrap gap-2" aria-label="OWASP LLM categories">
            {owaspLlm.map((id) => (
              <li key={id}>
                <StatusBadge value={id} label={owaspLlmLabel(id)} tone="indigo" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {atlas.length > 0 ? (
        <div>
          <p className="mb-1 text-muted">MITRE ATLAS</p>
          <ul className="flex flex-wrap gap-2" aria-label="MITRE ATLAS techniques">
            {atlas.map((id) => (
              <li key={id}>
                <StatusBadge value={id} label={atlasTechniqueLabel(id)} tone="slate" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
