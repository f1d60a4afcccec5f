import type { LucideIcon } from "lucide-react";

export type Feature = { icon: LucideIcon; title: string; text: string };

/** The rounded tinted square that holds a card's icon. */
export function IconBadge({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="grid size-12 place-items-center rounded-xl bg-brand-100 text-brand-800">
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}

/** An icon, a short heading and a sentence: the value cards of home and about. */
export function FeatureCard({ icon, title, text }: Feature) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <IconBadge icon={icon} />
      <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
      <p className="mt-2 text-slate-700">{text}</p>
    </li>
  );
}
