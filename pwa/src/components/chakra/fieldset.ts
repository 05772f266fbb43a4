/** Chakra's Fieldset, with its recipe (see addRecipes in theme.ts). */
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme';
import { addRecipes } from '../../theme';

addRecipes({ slotRecipes: { fieldset: fieldsetSlotRecipe } });

export { Fieldset } from '@chakra-ui/react';
