import { Download } from "lucide-react";
import { buttonClass } from "~/components/ui/button";

/** The same CSV as `npm run export -- <name>`, as a download. */
export function CsvLink({
  name,
  label = "Download CSV",
}: {
  name: "leads" | "contacts" | "subscribers" | "audience" | "orders";
  label?: string;
}) {
  return (
    <a href={`/admin/export/${name}`} download className={buttonClass({ variant: "outline", size: "sm" })}>
      <Download aria-hidden="true" className="size-4" /> {label}
    </a>
  );
}
