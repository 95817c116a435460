/**
 * What a card section gives the payment form: at submit, the provider's payment method for the
 * card entered, or an Error whose message the field already shows.
 */
export type CardCollector = (holderName: string) => Promise<string>;

export interface CardSectionProps {
  /** The section hands the form its collector once mounted (null when unmounted). */
  register: (collect: CardCollector | null) => void;
  disabled: boolean;
}

/** A card error the section shows itself; the form only stops. */
export class CardFieldError extends Error {}
