/**
 * The Buy tab's 'Advanced Filters': search, min price, max price, weapon type, rarity tier,
 * condition, StatTrak, then the float range, the pattern (Steam's paint seed) and Souvenir, in a
 * panel that opens and closes. Choices apply at once; typed values after a short pause
 * (useDraftField).
 */
import { memo, useCallback, type ReactNode } from 'react';
import { Box, Button, Collapsible, Field, Grid, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import { SearchIcon } from 'lucide-react';
import { CONDITIONS, MAX_PAINT_SEED, RARITIES, WEAPON_TYPES, type Condition, type Rarity, type WeaponType } from '../../../../../shared/constants';
import { RARITY_LABELS } from '../../../components/items';
import type { MarketFilters } from '../../../../../shared/skinsRequest';
import { MAX_FLOAT_INPUT_LENGTH } from '../../../../../shared/wearAndPattern';
import { floatError, maxFloatError, maxPriceError, minInForce, patternError, priceError, useDraftField } from './useMarketFilters';

const ALL = '';
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * `wide`: open on wide screens, closed on others, by CSS alone: while the HTML the server rendered
 * hydrates, the screen's width is not React's to know (the server cannot, and the hydration must
 * render what it did). BuyTab then settles it on a boolean.
 */
export type FilterPanelOpen = boolean | 'wide';

interface FilterPanelProps {
  open: FilterPanelOpen;
  filters: MarketFilters;
  onChange: (patch: Partial<MarketFilters>) => void;
  onClear: () => void;
  activeCount: number;
}

/** Memoized: a page of results arriving must not re-render the panel's fields. */
export const FilterPanel = memo(function FilterPanel({ open, filters, onChange, onClear, activeCount }: FilterPanelProps) {
  const applySearch = useCallback((search: string) => onChange({ search: search || undefined }), [onChange]);
  const applyMin = useCallback((minPrice: string) => onChange({ minPrice: minPrice || undefined }), [onChange]);
  const applyMax = useCallback((maxPrice: string) => onChange({ maxPrice: maxPrice || undefined }), [onChange]);
  const applyMinFloat = useCallback((minFloat: string) => onChange({ minFloat: minFloat || undefined }), [onChange]);
  const applyMaxFloat = useCallback((maxFloat: string) => onChange({ maxFloat: maxFloat || undefined }), [onChange]);
  const applyPattern = useCallback((paintSeed: string) => onChange({ paintSeed: paintSeed || undefined }), [onChange]);

  const search = useDraftField(filters.search ?? '', applySearch);
  const min = useDraftField(filters.minPrice ?? '', applyMin, priceError);
  const max = useDraftField(filters.maxPrice ?? '', applyMax, (value) => maxPriceError(value, minInForce(min, filters.minPrice)));
  const minFloat = useDraftField(filters.minFloat ?? '', applyMinFloat, floatError);
  const maxFloat = useDraftField(filters.maxFloat ?? '', applyMaxFloat, (value) => maxFloatError(value, minInForce(minFloat, filters.minFloat)));
  const pattern = useDraftField(filters.paintSeed ?? '', applyPattern, patternError);

  return (
    // A new panel once settled: one that starts open does not animate, and one that starts closed
    // (a phone) has nothing to hide, where closing the CSS-hidden one could show it for a frame.
    <Collapsible.Root key={open === 'wide' ? 'wide' : 'settled'} open={open !== false} lazyMount unmountOnExit={false}>
      <Collapsible.Content id="market-advanced-filters" hideBelow={open === 'wide' ? 'lg' : undefined}>
        <Box
          as="section"
          aria-label="Advanced Filters"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          borderRadius="l3"
          p={{ base: '4', md: '5' }}
          mb="5"
        >
          <Grid
            templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }}
            columnGap="3"
            rowGap="4"
            alignItems="start"
          >
            <Field.Root gridColumn={{ base: 'span 2', md: 'span 2' }}>
              <FilterLabel>Search</FilterLabel>
              <InputGroup startElement={<SearchIcon aria-hidden="true" />}>
                <Input
                  type="search"
                  size="sm"
                  value={search.draft}
                  onChange={(event) => search.setDraft(event.target.value)}
                  placeholder="Search skins, e.g. AK-47 Redline"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={100}
                />
              </InputGroup>
            </Field.Root>
            <TypedField label="Min Price" draft={min} placeholder="0.00" startElement="$" />
            <TypedField label="Max Price" draft={max} placeholder="Any" startElement="$" />
            <FilterSelect
              label="Weapon Type"
              value={filters.weaponType ?? ALL}
              options={WEAPON_TYPES.map((type) => ({ value: type, label: type }))}
              allLabel="All Weapons"
              onChange={(value) => onChange({ weaponType: (value || undefined) as WeaponType | undefined })}
            />
            <FilterSelect
              label="Rarity"
              value={filters.rarity ?? ALL}
              options={RARITIES.filter((rarity) => rarity !== 'unknown').map((rarity) => ({ value: rarity, label: RARITY_LABELS[rarity] }))}
              allLabel="All Rarities"
              onChange={(value) => onChange({ rarity: (value || undefined) as Rarity | undefined })}
            />
            <FilterSelect
              label="Condition"
              value={filters.condition ?? ALL}
              options={CONDITIONS.map((condition) => ({ value: condition, label: condition }))}
              allLabel="All Conditions"
              onChange={(value) => onChange({ condition: (value || undefined) as Condition | undefined })}
            />
            <FilterSelect
              label="StatTrak™"
              value={filters.statTrak === undefined ? ALL : String(filters.statTrak)}
              options={YES_NO}
              allLabel="All"
              onChange={(value) => onChange({ statTrak: value === ALL ? undefined : value === 'true' })}
            />
            <TypedField label="Min Float" draft={minFloat} placeholder="0.00" maxLength={MAX_FLOAT_INPUT_LENGTH} />
            <TypedField label="Max Float" draft={maxFloat} placeholder="1.00" maxLength={MAX_FLOAT_INPUT_LENGTH} />
            <TypedField label="Pattern" draft={pattern} placeholder="Any" inputMode="numeric" maxLength={String(MAX_PAINT_SEED).length} />
            <FilterSelect
              label="Souvenir"
              value={filters.souvenir === undefined ? ALL : String(filters.souvenir)}
              options={YES_NO}
              allLabel="All"
              onChange={(value) => onChange({ souvenir: value === ALL ? undefined : value === 'true' })}
            />
          </Grid>
          <Box mt="4" display="flex" justifyContent="flex-end">
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={onClear} disabled={activeCount === 0}>
              Clear Filters
            </Button>
          </Box>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
});

function FilterLabel({ children }: { children: ReactNode }) {
  return (
    <Field.Label fontSize="xs" color="fg.muted" fontWeight="semibold">
      {children}
    </Field.Label>
  );
}

interface TypedFieldProps {
  label: string;
  draft: ReturnType<typeof useDraftField>;
  placeholder: string;
  /** What the value is in, before it ('$'). */
  startElement?: string;
  inputMode?: 'decimal' | 'numeric';
  maxLength?: number;
}

/** A number typed into the panel: its draft, and the error that keeps it from applying. */
function TypedField({ label, draft, placeholder, startElement, inputMode = 'decimal', maxLength = 12 }: TypedFieldProps) {
  const input = (
    <Input
      size="sm"
      inputMode={inputMode}
      value={draft.draft}
      onChange={(event) => draft.setDraft(event.target.value)}
      placeholder={placeholder}
      autoComplete="off"
      maxLength={maxLength}
    />
  );
  return (
    <Field.Root invalid={Boolean(draft.error)}>
      <FilterLabel>{label}</FilterLabel>
      {startElement ? <InputGroup startElement={startElement}>{input}</InputGroup> : input}
      {draft.error ? <Field.ErrorText fontSize="xs">{draft.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  allLabel: string;
  onChange: (value: string) => void;
}

function FilterSelect({ label, value, options, allLabel, onChange }: FilterSelectProps) {
  const active = value !== ALL;
  return (
    <Field.Root>
      <FilterLabel>{label}</FilterLabel>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          bg={active ? 'brand.subtle' : undefined}
          borderColor={active ? 'brand.muted' : undefined}
        >
          <option value={ALL}>{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
