import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

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
  useEffect(() => resolveMounted(), []);
  return null;
}

/** Rendered once in the root layout; renders nothing until toasts are wanted. */
export function Toaster() {
  const active = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton duration={6000} />
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
