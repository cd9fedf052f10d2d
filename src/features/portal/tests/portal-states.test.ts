// The portal's data boundary: the sections with the client's data, or the 'Unable to load client
// data' state when loading fails (here: a session whose client record has gone).
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { PortalData } from "@/features/portal/components/client-portal";
import { PortalSections } from "@/features/portal/components/portal-sections";
import { PortalLoadError } from "@/features/portal/components/portal-status";
import type { ClientActor } from "@/server/core/actor";
import { loadPortalSection } from "@/features/portal/server";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { demoClientActor } from "@tests/integration/helpers/portal";

const t = setupTestDatabase({ seedDemo: true });

describe("portal data boundary", () => {
  it("renders the sections with the signed-in client's data", async () => {
    const actor = await demoClientActor("client@example.com");
    const element = (await PortalData({ data: loadPortalSection(t.db, { actor, section: "overview" }) })) as ReactElement<{
      data: { profile: { company: string } };
    }>;
    expect(element.type).toBe(PortalSections);
    expect(element.props.data.profile.company).toBe("Acme Robotics");
  });

  it("renders 'Unable to load client data' when loading fails, and logs the cause", async () => {
    const gone: ClientActor = { ...(await demoClientActor("client2@example.com")), clientId: "00000000-0000-4000-8000-0000000000ff" };
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const element = (await PortalData({ data: loadPortalSection(t.db, { actor: gone, section: "overview" }) })) as ReactElement;
    expect(element.type).toBe(PortalLoadError);
    expect(String(log.mock.calls[0]?.[1])).toContain("Client account not found");
    log.mockRestore();
  });
});
