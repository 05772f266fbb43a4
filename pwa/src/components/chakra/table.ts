/** Chakra's Table, with its recipe (see addRecipes in theme.ts). */
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { table: tableSlotRecipe } });

export { Table } from '@chakra-ui/react';
