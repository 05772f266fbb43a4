/** Chakra's Drawer, with its recipe (see addRecipes in theme.ts). */
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { drawer: drawerSlotRecipe } });

export { Drawer } from '@chakra-ui/react';
