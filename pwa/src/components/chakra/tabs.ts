/** Chakra's Tabs, with its recipe (see addRecipes in theme.ts). */
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { tabs: tabsSlotRecipe } });

export { Tabs } from '@chakra-ui/react';
