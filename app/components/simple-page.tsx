import type { ReactNode } from "react";

/** A short, centred page: account-like pages (order lookup, newsletter confirmation, unsubscribe). */
export function SimplePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <div className="mt-4 space-y-4 text-slate-700">{children}</div>
        </section>
      </div>
    </div>
  );
}
