/**
 * The serving process's side of the page finisher (app/server/document/page-finish.server.ts):
 * a child process, forked on first use (or at start-up with `start()`) with this process's own
 * Node options (the tsx loader), that prunes a kept page's CSS and lists its scripts' hashes. The
 * HTML parser lives there, so the server that answers requests never imports one (issue 52) and a
 * long article's pruning never holds its event loop. A finisher that dies fails the pages in hand
 * (the page cache then lets the render answer per request) and is forked again for the next.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

import type { FinishedPage } from "../app/server/document/page-finish.server.ts";

export type { FinishedPage };
export type HtmlFinisher = { finish(html: string, nonce: string): Promise<FinishedPage>; start(): void; stop(): void };

const PROCESS_FILE = fileURLToPath(new URL("./html-finisher-process.ts", import.meta.url));

type Pending = { resolve: (page: FinishedPage) => void; reject: (error: Error) => void };

type Reply = { id: number; html: string; scriptHashes: string[] } | { id: number; error: string };

/** `execArgv`: the child's Node options; by default this process's own (the server runs with the tsx loader). */
export function createHtmlFinisher(clientDir: string, { execArgv = process.execArgv }: { execArgv?: string[] } = {}): HtmlFinisher {
  // Each forked process keeps its own pages in hand, so one that ends fails only those: a page
  // already sent to its successor is not touched by the old one's exit.
  let child: { process: ChildProcess; waiting: Map<number, Pending>; failAll(error: Error): void } | undefined;
  let nextId = 0;

  function running() {
    if (child && child.process.connected) return child;
    const forked = fork(PROCESS_FILE, [clientDir], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    const waiting = new Map<number, Pending>();
    const failAll = (error: Error) => {
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    };
    const current = { process: forked, waiting, failAll };
    forked.on("message", (reply: Reply) => {
      const pending = current.waiting.get(reply.id);
      if (!pending) return;
      current.waiting.delete(reply.id);
      if ("error" in reply) pending.reject(new Error(reply.error));
      else pending.resolve({ html: reply.html, scriptHashes: reply.scriptHashes });
    });
    forked.on("exit", (code, signal) => {
      if (child === current) child = undefined;
      failAll(new Error(`the page finisher's process ended (${signal ?? `exit ${code}`})`));
    });
    forked.on("error", (error) => failAll(error));
    // Idle, it keeps nothing alive: the server's own handles decide when the process ends.
    forked.unref();
    forked.channel?.unref();
    child = current;
    return current;
  }

  return {
    finish(html, nonce) {
      return new Promise<FinishedPage>((resolve, reject) => {
        const id = nextId++;
        const { process: finisher, waiting } = running();
        // While a page is in hand the channel holds the server open, as any request in flight does.
        finisher.channel?.ref();
        const settled = () => {
          if (waiting.size === 0) finisher.channel?.unref();
        };
        waiting.set(id, {
          resolve: (page) => {
            resolve(page);
            settled();
          },
          reject: (error) => {
            reject(error);
            settled();
          },
        });
        finisher.send({ id, html, nonce });
      });
    },
    start() {
      running();
    },
    stop() {
      const current = child;
      child = undefined;
      // Its pages in hand fail now, not when its exit is seen: a reply already on its way would
      // otherwise still be delivered by a process that was told to stop.
      current?.failAll(new Error("the page finisher's process ended (stopped)"));
      current?.process.kill();
    },
  };
}
