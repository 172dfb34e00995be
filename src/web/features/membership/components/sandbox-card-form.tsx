// The card form of the built-in payment sandbox: card number, expiry and CVC, checked for
// completeness here and confirmed by the server's sandbox. The card data lives only in
// the form's inputs: it is never logged nor written to any browser storage.
import type { ChangeEvent } from 'react';
import { SANDBOX_TEST_CARD } from '#shared/schemas/payment.ts';
import { Form, FormAlert, Input } from '#web/components/ui/form.tsx';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment.ts';
import type { GoldCheckout } from '../hooks/use-gold-checkout.ts';
import {
  caretAfterFormatting,
  cardFormSchema,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardFormValues,
} from '../utils/card-input.ts';
import { PayButton } from './pay-button.tsx';

interface SandboxCardFormProps {
  clientSecret: string | undefined;
  billing: { name: string; email: string };
  checkout: GoldCheckout;
}

const DEFAULT_VALUES: CardFormValues = { number: '', expiry: '', cvc: '' };

/** Reformats a field as it is typed, keeping the caret beside the digit it followed. */
function reformat(event: ChangeEvent<HTMLInputElement>, format: (value: string) => string): string {
  const input = event.target;
  const raw = input.value;
  const formatted = format(raw);
  if (formatted !== raw) {
    const caret = caretAfterFormatting(raw, input.selectionStart ?? raw.length, formatted);
    input.value = formatted;
    if (document.activeElement === input) input.setSelectionRange(caret, caret);
  }
  return formatted;
}

export function SandboxCardForm({ clientSecret, billing, checkout }: SandboxCardFormProps) {
  const { mutateAsync: confirm } = useConfirmSandboxPayment();
  const processing = checkout.state.status === 'processing';
  const cardError = checkout.state.status === 'error' ? checkout.state.message : null;

  return (
    <Form
      schema={cardFormSchema}
      aria-label="Card payment"
      options={{ defaultValues: DEFAULT_VALUES }}
      onInvalid={() => checkout.dismiss()}
      onSubmit={(card) => {
        if (!clientSecret) return;
        void checkout.pay(() => confirm({ clientSecret, card, billing_details: billing }));
      }}
    >
      {({ register, setValue, formState: { errors } }) => {
        const formatted = (name: keyof CardFormValues, format: (value: string) => string) =>
          register(name, {
            onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, reformat(event, format)),
          });
        return (
          <>
            <TestCardNote />
            <fieldset disabled={processing} className="space-y-4">
              <legend className="sr-only">Card details</legend>
              <Input
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                spellCheck={false}
                className="[&_input]:font-mono [&_input]:tracking-wide"
                registration={formatted('number', formatCardNumber)}
                error={errors.number}
              />
              <div className="grid grid-cols-2 gap-3 sm:gap-4">
                <Input
                  label="Expiry (MM/YY)"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  spellCheck={false}
                  className="[&_input]:font-mono"
                  registration={formatted('expiry', formatExpiry)}
                  error={errors.expiry}
                />
                <Input
                  label="CVC"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  spellCheck={false}
                  className="[&_input]:font-mono"
                  registration={formatted('cvc', formatCvc)}
                  error={errors.cvc}
                />
              </div>
            </fieldset>
            {cardError && <FormAlert>{cardError}</FormAlert>}
            <PayButton ready={clientSecret !== undefined && !processing} processing={processing} />
          </>
        );
      }}
    </Form>
  );
}

/** The sandbox charges nothing; it follows Stripe's published test cards. */
function TestCardNote() {
  return (
    <div className="rounded-lg border border-dashed border-brand-300 bg-brand-50 px-4 py-3 text-sm text-brand-900">
      <p className="font-semibold">Test mode: no real money is charged.</p>
      <p className="mt-1">
        Use the test card <span className="font-mono font-semibold whitespace-nowrap">{SANDBOX_TEST_CARD}</span> with any future date and
        any CVC.
      </p>
    </div>
  );
}
