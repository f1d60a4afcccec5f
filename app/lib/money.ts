/**
 * The one way the site writes an amount of money, in the browser and on the server alike (the
 * prices on the pages, the dashboard, the calculators, the e-mails). Amounts are whole US cents.
 */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const USD_WHOLE = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/**
 * "$7.00", "$1,234.56", "-$277.47". With `trimCents`, a whole amount drops its cents ("$7",
 * "$10,000,000") for prices and round figures in sentences; an amount with cents keeps them
 * ("$14.99").
 */
export function formatCents(cents: number, { trimCents = false }: { trimCents?: boolean } = {}): string {
  // `|| 0` turns -0 (a negative amount that rounds to nothing) into 0: "$0.00", never "-$0.00".
  const whole = Math.round(cents) || 0;
  return (trimCents && whole % 100 === 0 ? USD_WHOLE : USD).format(whole / 100);
}
