/** Chakra's Menu, with its recipe (see addRecipes in theme.ts). */
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { menu: menuSlotRecipe } });

export { Menu } from '@chakra-ui/react';
