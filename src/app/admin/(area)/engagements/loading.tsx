import { Loading } from "@/components/ui/spinner";

export default function EngagementsLoading() {
  return <Loading label="Loading engagements..." />;
}
