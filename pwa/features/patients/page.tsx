import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function PatientsPage() {
  usePageTitle("Manage Patients");
  return <h1 className="text-2xl font-bold">Manage Patients</h1>;
}
