import { GOLD_PRICE_LABEL } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';

interface PayButtonProps {
  /** Until the payment library and the client secret are there. */
  ready: boolean;
  processing: boolean;
}

/** SPEC.md §4: disabled until ready and while a payment is in flight ("Processing..."). */
export function PayButton({ ready, processing }: PayButtonProps) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={!ready} isLoading={processing}>
      {processing ? 'Processing...' : `Pay ${GOLD_PRICE_LABEL}`}
    </Button>
  );
}
