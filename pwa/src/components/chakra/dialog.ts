/** Chakra's Dialog, with its recipe (see addRecipes in theme.ts). */
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

export { Dialog } from '@chakra-ui/react';
