import { Loading } from "@/components/ui/spinner";

export default function ProjectsLoading() {
  return <Loading label="Loading projects..." />;
}
