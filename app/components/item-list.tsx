import { CircleCheck, Gift } from "lucide-react";

/** A product's "what's included" (a check before each) or its bonuses (a gift): the cards, the checkout and the product page. */
export function ItemList({
  items,
  bonus = false,
  className = "mt-3 space-y-2",
}: {
  items: readonly string[];
  bonus?: boolean;
  className?: string;
}) {
  const Icon = bonus ? Gift : CircleCheck;
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-slate-800">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}
