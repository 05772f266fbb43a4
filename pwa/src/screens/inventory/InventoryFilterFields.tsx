/**
 * The inventory filter controls: search, weapon type, rarity (with colour marks), condition and
 * StatTrak™ (all / only / none). Controlled: the screen holds the InventoryFilters
 * (inventoryFilters.ts) and passes each change up. The Inventory screen shows them in a panel, the
 * Sell tab behind its filter toggle.
 */
import { type ReactNode } from 'react';
import { Field, Grid, HStack, Input, InputGroup, Portal, createListCollection } from '@chakra-ui/react';
import { Select } from '@chakra-ui/react';
import { SearchIcon } from 'lucide-react';
import { CONDITIONS, RARITIES, WEAPON_TYPES } from '../../../../shared/constants';
import { RARITY_LABELS, RarityDot } from '../../components/items';
import { ALL, type InventoryFilters, type StatTrakFilter } from './inventoryFilters';

interface FilterOption {
  label: string;
  value: string;
}

const WEAPON_OPTIONS = createListCollection<FilterOption>({
  items: [{ label: 'All Weapons', value: ALL }, ...WEAPON_TYPES.map((type) => ({ label: type, value: type }))],
});
const RARITY_OPTIONS = createListCollection<FilterOption>({
  items: [
    { label: 'All Rarities', value: ALL },
    ...RARITIES.filter((rarity) => rarity !== 'unknown').map((rarity) => ({ label: RARITY_LABELS[rarity], value: rarity })),
  ],
});
const CONDITION_OPTIONS = createListCollection<FilterOption>({
  items: [{ label: 'All Conditions', value: ALL }, ...CONDITIONS.map((condition) => ({ label: condition, value: condition }))],
});
const STATTRAK_OPTIONS = createListCollection<FilterOption>({
  items: [
    { label: 'All Items', value: 'all' },
    { label: 'StatTrak™ only', value: 'yes' },
    { label: 'No StatTrak™', value: 'no' },
  ],
});

interface InventoryFilterFieldsProps {
  filters: InventoryFilters;
  onChange: (change: Partial<InventoryFilters>) => void;
  /**
   * 'wide' puts all five in one row from the lg breakpoint (the full-width Inventory); 'narrow'
   * keeps the search on its own row (the Sell tab, which shares its width with the sidebar and the
   * Sell List).
   */
  layout?: 'wide' | 'narrow';
}

const COLUMNS = {
  wide: { base: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr))' },
  narrow: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
} as const;

const SEARCH_SPAN = {
  wide: { base: 'span 2', lg: 'auto' },
  narrow: { base: 'span 2', md: 'span 4' },
} as const;

export function InventoryFilterFields({ filters, onChange, layout = 'wide' }: InventoryFilterFieldsProps) {
  return (
    <Grid templateColumns={COLUMNS[layout]} gap="3" alignItems="end">
      <Field.Root gridColumn={SEARCH_SPAN[layout]}>
        <Field.Label fontSize="xs" color="fg.muted" fontWeight="semibold">
          Search
        </Field.Label>
        <InputGroup startElement={<SearchIcon aria-hidden="true" />}>
          <Input
            type="search"
            size="sm"
            value={filters.search}
            onChange={(event) => onChange({ search: event.target.value })}
            placeholder="Search items..."
            aria-label="Search items"
            autoComplete="off"
            spellCheck={false}
          />
        </InputGroup>
      </Field.Root>
      <FilterSelect
        label="Weapon Type"
        collection={WEAPON_OPTIONS}
        value={filters.weaponType}
        onChange={(weaponType) => onChange({ weaponType })}
      />
      <FilterSelect
        label="Rarity"
        collection={RARITY_OPTIONS}
        value={filters.rarity}
        onChange={(rarity) => onChange({ rarity })}
        renderDot={(value) => (value === ALL ? null : <RarityDot rarity={value} />)}
      />
      <FilterSelect
        label="Condition"
        collection={CONDITION_OPTIONS}
        value={filters.condition}
        onChange={(condition) => onChange({ condition })}
      />
      <FilterSelect
        label="StatTrak™"
        collection={STATTRAK_OPTIONS}
        value={filters.statTrak}
        onChange={(statTrak) => onChange({ statTrak: statTrak as StatTrakFilter })}
      />
    </Grid>
  );
}

interface FilterSelectProps {
  label: string;
  collection: ReturnType<typeof createListCollection<FilterOption>>;
  value: string;
  onChange: (value: string) => void;
  /** A colour mark before an option (the rarity colours). */
  renderDot?: (value: string) => ReactNode;
}

function FilterSelect({ label, collection, value, onChange, renderDot }: FilterSelectProps) {
  return (
    <Select.Root
      collection={collection}
      value={[value]}
      onValueChange={(details) => onChange(details.value[0] ?? ALL)}
      size="sm"
      positioning={{ sameWidth: false, placement: 'bottom-start' }}
      minW="0"
    >
      <Select.Label fontSize="xs" color="fg.muted" fontWeight="semibold">
        {label}
      </Select.Label>
      <Select.Control>
        <Select.Trigger bg={value === ALL ? undefined : 'brand.subtle'} borderColor={value === ALL ? undefined : 'brand.muted'}>
          <HStack gap="2" minW="0" flex="1">
            {renderDot?.(value)}
            <Select.ValueText truncate />
          </HStack>
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" minW="44">
            {collection.items.map((option) => (
              <Select.Item item={option} key={option.value}>
                <HStack gap="2">
                  {renderDot?.(option.value)}
                  <Select.ItemText>{option.label}</Select.ItemText>
                </HStack>
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}
