/**
 * `npm run order:refund -- FSM-000123` (or the order's number alone): refunds a test-provider
 * order the way a Stripe refund event does: access ends, the order page says so, the buyer gets
 * the refund notice. Stripe orders are refunded in Stripe's dashboard; its event does the rest.
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
 */
import { closeDatabase, openDatabase } from "../app/server/db.server";
import { env } from "../app/server/env.server";
import { findOrder } from "../app/server/orders.server";
import { refundTestOrder } from "../app/server/test-payments.server";

const arg = process.argv[2] ?? "";
const id = Number(/^(?:FSM-)?0*(\d+)$/i.exec(arg.trim())?.[1]);
if (!Number.isSafeInteger(id) || id <= 0) {
  console.error("Usage: npm run order:refund -- FSM-000123");
  process.exit(2);
}
const config = env();
await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
try {
  const order = await findOrder(id);
  if (!order) throw new Error(`No order ${arg}.`);
  if (order.provider !== "test")
    throw new Error(`Order ${arg} was paid through Stripe: refund it in the Stripe dashboard; its webhook ends access.`);
  if (order.status !== "paid") throw new Error(`Order ${arg} is ${order.status}, not paid: nothing to refund.`);
  const result = await refundTestOrder(order);
  console.log(
    result === "applied" ? `Order ${arg} refunded: access ended and the refund notice is queued.` : `Order ${arg} was already refunded.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
