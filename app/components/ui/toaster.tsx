import { type CSSProperties, lazy, Suspense, useEffect, useSyncExternalStore } from "react";

/**
 * Toasts through the sonner library, loaded on demand: most pages never show one, so the
 * library stays out of their JavaScript. A form calls `prepareToasts()` when the visitor starts
 * using it (focus), which mounts sonner's live region before any message needs announcing;
 * `notify()` prepares too, and waits for the region before showing the toast.
 */
const SonnerToaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

let wanted = false;
let resolveMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});
const listeners = new Set<() => void>();

export function prepareToasts() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function Mounted() {
  useEffect(() => {
    resolveMounted();
  }, []);
  return null;
}

/** Darker text than sonner's rich colours (about 4.2:1 on their tints), for WCAG AA contrast. */
const READABLE_COLORS = {
  "--success-text": "#065f46",
  "--info-text": "#1e40af",
  "--error-text": "#991b1b",
  "--warning-text": "#92400e",
} as CSSProperties;

/** Rendered once in the root layout; renders nothing until toasts are wanted. */
export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton duration={6000} style={READABLE_COLORS} />
      <Mounted />
    </Suspense>
  );
}

export type ToastVariant = "success" | "error" | "info";

export async function notify({
  title,
  description,
  variant,
}: {
  title: string;
  description?: string;
  variant: ToastVariant;
}): Promise<void> {
  prepareToasts();
  const [{ toast }] = await Promise.all([import("sonner"), mounted]);
  toast[variant](title, { description });
}
