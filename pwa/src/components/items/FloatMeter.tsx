/**
 * An item's float (wear) on the game's scale, 0 (Factory New, green) to 1 (Battle-Scarred, red),
 * with the value to 4 decimals, or 'N/A' when Steam gives none.
 */
import { formatFloatValue } from '../../../../shared/format';
import { ITEM_CLASSES } from './itemStyles';

interface FloatMeterProps {
  /** The wear float; market items may carry it as a numeric string. */
  float: number | string | null | undefined;
}

function floatNumber(float: FloatMeterProps['float']): number | null {
  if (float == null || (typeof float === 'string' && float.trim() === '')) return null;
  const value = typeof float === 'number' ? float : Number(float);
  return Number.isFinite(value) ? value : null;
}

/** Class rules (itemStyles.ts), as every card draws one. */
export function FloatMeter({ float }: FloatMeterProps) {
  const value = floatNumber(float);
  // Present (and so matched by the rules' [data-none]) only when there is no float.
  const none = value === null ? '' : undefined;
  return (
    <div>
      <div className={ITEM_CLASSES.floatHead}>
        <p className={ITEM_CLASSES.floatLabel}>Float</p>
        <p className={ITEM_CLASSES.floatValue} data-none={none}>
          {formatFloatValue(float)}
        </p>
      </div>
      <div className={ITEM_CLASSES.floatBar} data-none={none} aria-hidden="true">
        {value === null ? null : (
          <div className={ITEM_CLASSES.floatMark} style={{ left: `${Math.min(100, Math.max(0, value * 100))}%` }} />
        )}
      </div>
    </div>
  );
}
