/** Chakra's Status, with its recipe (see addRecipes in theme.ts). */
import { statusSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { status: statusSlotRecipe } });

export { Status } from '@chakra-ui/react';
