/** Chakra's Select, with its recipe (see addRecipes in theme.ts). */
import { selectSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { select: selectSlotRecipe } });

export { Select } from '@chakra-ui/react';
