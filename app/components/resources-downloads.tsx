import { Download, FileText } from "lucide-react";

/** The free printables: PDFs made by scripts/make-downloads.sh from scripts/downloads/*.html. */
export const FREE_DOWNLOADS = [
  {
    title: "Budget Checklist",
    file: "/downloads/budget-checklist.pdf",
    pages: "1 page",
    text: "A printable monthly worksheet: list your income, bills and spending, find money for savings, and tick off the steps that keep a budget on track.",
  },
  {
    title: "Credit Score Guide",
    file: "/downloads/credit-score-guide.pdf",
    pages: "2 pages",
    text: "What goes into your credit score, what the score ranges mean, how long items stay on your report, and the habits that raise your score.",
  },
] as const;

export function ResourcesDownloads() {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2">
      {FREE_DOWNLOADS.map((item) => (
        <li key={item.file} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row">
          <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-accent-100 text-slate-900">
            <FileText aria-hidden="true" className="size-7" />
          </span>
          <div className="flex flex-1 flex-col">
            <h3 className="text-lg font-bold text-slate-900">{item.title}</h3>
            <p className="mt-1 text-sm font-bold text-slate-600">Free printable PDF, {item.pages}</p>
            <p className="mt-2 flex-1 text-slate-700">{item.text}</p>
            <a
              href={item.file}
              download
              className="mt-4 inline-flex items-center justify-center gap-2 self-start rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800"
            >
              <Download aria-hidden="true" className="size-5" />
              Download Free
              <span className="sr-only">
                : {item.title} (PDF, {item.pages})
              </span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
