import { Loading } from "@/components/ui/spinner";

export default function OperationsLoading() {
  return <Loading label="Loading operations..." />;
}
