import { Star } from "lucide-react";

/** Stars as text for every reader; the icons are decoration. */
export function StarRating({ rating, className = "" }: { rating: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-0.5 ${className}`}>
      <span className="sr-only">{`Rated ${rating} out of 5`}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-5 ${n <= rating ? "fill-amber-500 text-amber-600" : "fill-none text-slate-400"}`}
        />
      ))}
    </span>
  );
}
