/** Chakra's Popover, with its recipe (see addRecipes in theme.ts). */
import { popoverSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { popover: popoverSlotRecipe } });

export { Popover } from '@chakra-ui/react';
