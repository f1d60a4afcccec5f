import { useEffect, useRef, useState, type MouseEvent } from "react";
import { FileText } from "lucide-react";
import { includedLabels, POWER_PACK_ID, type Product } from "~/lib/catalogue";
import { POWER_PACK_FEATURES } from "~/lib/power-pack-features";
import type { FormerPrice } from "~/lib/former-price";
import { formatCents, formatDay } from "~/lib/site";

/**
 * The order bump. One real checkbox with its label; a click anywhere else on the card clicks
 * the same checkbox (the label and the input toggle it natively, so the card ignores those).
 *
 * The checkbox itself holds the state (uncontrolled) and reports every change: a visitor on a
 * slow phone may tick it before the page's JavaScript has started, and a controlled input would
 * be reset by hydration, silently dropping the Power Pack they chose.
 */
export function CheckoutOrderBump({
  bump,
  defaultChecked,
  onChange,
  formerPrice,
}: {
  /** The product offered beside this checkout's (the toolkit's: the Power Pack), as the products table has it. */
  bump: Pick<Product, "id" | "name" | "priceCents" | "summary" | "included">;
  defaultChecked: boolean;
  onChange: (checked: boolean) => void;
  /** The price it was really charged before, with its dates, when its history meets 16 CFR 233.1; without one, no "it was". */
  formerPrice: FormerPrice | null;
}) {
  const box = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState(defaultChecked);
  const report = (value: boolean) => {
    setChecked(value);
    onChange(value);
  };
  useEffect(() => {
    // Once, on mount: pick up a tick (or untick) made before hydration.
    if (box.current && box.current.checked !== defaultChecked) report(box.current.checked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount, by design
  }, []);
  function onCardClick(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as Element).closest("input, label, a, button")) return;
    box.current?.click();
  }
  return (
    // The card is a larger pointer target for the checkbox inside it; keyboard users use the checkbox.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- see above
    <div
      onClick={onCardClick}
      data-testid="order-bump"
      className={`cursor-pointer rounded-2xl border-2 border-dashed p-6 transition-colors ${
        checked ? "border-brand-600 bg-brand-50" : "border-accent-500 bg-accent-100/50 hover:bg-accent-100"
      }`}
    >
      <div className="flex items-start gap-3 rounded-lg bg-white p-3 shadow-sm">
        <input
          id="order-bump"
          type="checkbox"
          name="includeBump"
          value="1"
          ref={box}
          defaultChecked={defaultChecked}
          onChange={(event) => report(event.target.checked)}
          className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700"
        />
        <label htmlFor="order-bump" className="cursor-pointer text-lg font-bold text-slate-900">
          {`Yes, add this to my order for only ${formatCents(bump.priceCents)}!`}
        </label>
      </div>
      <div className="mt-4 flex gap-4">
        <FileText aria-hidden="true" className="mt-1 size-10 shrink-0 text-brand-700" />
        <div>
          <p className="text-sm font-bold tracking-wide text-amber-900 uppercase">Optional add-on</p>
          <h2 className="text-lg font-bold text-slate-900">{bump.name}</h2>
          <p className="mt-1 text-slate-700">
            {bump.summary} for <strong className="text-slate-900">{formatCents(bump.priceCents)}</strong>
            {formerPrice ? (
              // The price it really was, and when: a fact with its dates, not a "today only" (16 CFR 233.1).
              <>
                {" "}
                (it was <s>{formatCents(formerPrice.priceCents, { trimCents: true })}</s> from {formatDay(formerPrice.chargedFrom)} to{" "}
                {formatDay(formerPrice.chargedUntil)})
              </>
            ) : null}
            .
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {/* The Power Pack's lines are checked against its built letters (tests/products/power-pack.test.ts); another add-on lists what it includes. */}
            {(bump.id === POWER_PACK_ID ? POWER_PACK_FEATURES : includedLabels(bump)).map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
