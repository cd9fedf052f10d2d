import { LazyProjectNotFound, LazyProjectView } from "./lazy-project-view";
import type { PortalProjectView as ProjectViewData } from "@/features/portal/server";
import { SectionHeading } from "@/components/portal/section-heading";

/**
 * The project view (docs/PRODUCT.md#portal-project-view), awaited on the server and handed to the
 * portal ready-made like Findings; null data is a project that is not the client's.
 */
export async function PortalProjectView({ data }: { data: Promise<ProjectViewData | null> }) {
  let loaded: ProjectViewData | null;
  try {
    loaded = await data;
  } catch (error) {
    console.error("[portal] loading the project failed:", error);
    return (
      <section aria-labelledby="portal-section-heading">
        <SectionHeading title="Project" description="Unable to load this project. Please reload the page." />
      </section>
    );
  }
  return loaded ? <LazyProjectView data={loaded} /> : <LazyProjectNotFound />;
}
