import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MinusIcon } from '../../../components/ui/icons/minus-icon';
import { PlusIcon } from '../../../components/ui/icons/plus-icon';
import { clampQuantity } from '../utils/purchase';
import styles from './quantity-stepper.module.css';

/** Quantity from 1 to `max`; pressing + at the limit reports it through onMaxReached. */
export function QuantityStepper({
  id,
  value,
  max,
  disabled = false,
  onChange,
  onMaxReached,
}: {
  id: string;
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
  onMaxReached: () => void;
}) {
  const { t } = useTranslation();
  // What the shopper is typing; null when the field shows the committed value.
  const [draft, setDraft] = useState<string | null>(null);
  const atMax = value >= max;

  const commit = (raw: string) => {
    const wanted = Number(raw);
    const next = clampQuantity(raw, max);
    if (Number.isFinite(wanted) && wanted > max) onMaxReached();
    if (next !== value) onChange(next);
  };

  return (
    <div className={styles.stepper}>
      <button
        type="button"
        className={styles.button}
        onClick={() => onChange(clampQuantity(value - 1, max))}
        disabled={disabled || value <= 1}
        aria-label={t('product.decrease')}
        aria-controls={id}
      >
        <MinusIcon size={18} />
      </button>
      <input
        id={id}
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value !== '') commit(event.target.value);
        }}
        onBlur={() => {
          if (draft !== null) commit(draft);
          setDraft(null);
        }}
      />
      <button
        type="button"
        className={styles.button}
        onClick={() => (atMax ? onMaxReached() : onChange(clampQuantity(value + 1, max)))}
        disabled={disabled}
        data-at-max={atMax || undefined}
        aria-label={t('product.increase')}
        aria-controls={id}
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
