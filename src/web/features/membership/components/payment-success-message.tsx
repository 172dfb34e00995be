import { PAYMENT_SUCCESS_MESSAGE } from '../hooks/use-gold-checkout.ts';

/** SPEC.md §2: "Payment successful! 🎉" in green. */
export function PaymentSuccessMessage() {
  return (
    <p role="status" className="rounded-lg border border-success-700/25 bg-success-50 px-4 py-3 font-semibold text-success-700">
      {PAYMENT_SUCCESS_MESSAGE}
    </p>
  );
}
