import { Loading } from "@/components/ui/spinner";

export default function ClientsLoading() {
  return <Loading label="Loading clients..." />;
}
