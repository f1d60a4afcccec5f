/**
 * Two built servers on a throwaway PostgreSQL database, the owner dashboard on, logged in on the
 * first: what the tests/multi files that change the site through the dashboard start with.
 */
import { logInAsOwner, throwawayOwner } from "../../scripts/lib/owner-client";
import { type RunningServer, startServers, stopServers } from "../../scripts/lib/server-process";
import { throwawayDatabase } from "./throwaway-database";

export type OwnedServers = {
  a: RunningServer;
  b: RunningServer;
  owner: ReturnType<typeof throwawayOwner>;
  /** The owner's session cookie on `a`. */
  cookie: string;
  databaseUrl: string;
  stop(): Promise<void>;
};

/** Start both at once on a new database of `adminUrl` (named after `prefix`). */
export async function startOwnedServers(adminUrl: string, prefix: string): Promise<OwnedServers> {
  const database = await throwawayDatabase(adminUrl, prefix);
  const owner = throwawayOwner();
  const servers = await startServers(2, { DATABASE_URL: database.url, ...owner.env });
  const stop = async () => {
    await stopServers(servers);
    await database.drop();
  };
  try {
    const cookie = await logInAsOwner(servers[0]!.base, owner.password);
    return { a: servers[0]!, b: servers[1]!, owner, cookie, databaseUrl: database.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Wait until `check` passes on each server in turn (each has seen the change), at most `withinMs`
 * from `since`; how long it took.
 */
export async function onEach(
  servers: readonly RunningServer[],
  check: (server: RunningServer) => Promise<void>,
  { withinMs, since = Date.now() }: { withinMs: number; since?: number },
): Promise<number> {
  for (const server of servers) {
    for (;;) {
      try {
        await check(server);
        break;
      } catch (error) {
        if (Date.now() - since > withinMs) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
  return Date.now() - since;
}
