/** Calling route loaders and actions directly, as React Router would, and reading what they gave. */

/** GET and form POST requests to `origin`, with an optional cookie. */
export function requestsTo(origin: string) {
  return {
    get: (path: string, cookie?: string) => new Request(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    post: (path: string, fields: Record<string, string>, cookie?: string) =>
      new Request(`${origin}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      }),
  };
}

/** What a loader or action gave: a Response (redirect, CSV), data() with a status, or plain data. */
export async function call<T = unknown>(run: () => unknown): Promise<{ status: number; headers: Headers; data: T }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    // A resource route's JSON answer (wrapped as a Response by ownerResource) is read as its data.
    const json = result.headers.get("Content-Type")?.startsWith("application/json");
    return { status: result.status, headers: result.headers, data: (json ? await result.clone().json() : undefined) as T };
  }
  const r = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (r?.type === "DataWithResponseInit")
    return { status: r.init?.status ?? 200, headers: new Headers(r.init?.headers), data: r.data as T };
  return { status: 200, headers: new Headers(), data: result as T };
}
